package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;

import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SSLKeystore as Kura's distribution ships it: the password "changeit" and {@code randomize.password=true}, so the
 * keystore service gives every gateway a random password of its own at its first boot, re-protects what an installer
 * put in the file, and keeps the password across reboots (in its configuration, and in the CryptoService's record).
 */
class KuraNodeKeystoreTest {

    private static final String SSL_KEYSTORE = "SSLKeystore";
    private static final String INSTALLED = "installed";

    @Test
    void everyNodeGetsAKeystorePasswordOfItsOwnAtItsFirstBootAndKeepsItAcrossReboots(@TempDir Path dir)
            throws Exception {
        Path storage = dir.resolve("a");
        SecretKey key = KeyGenerator.getInstance("AES").generateKey();
        installBeforeFirstBoot(KuraNode.sslKeystore(storage), key);
        char[] password;
        try (KuraNode node = KuraNode.builder("keystore-a").storage(storage).start();
                KuraNode other = KuraNode.builder("keystore-b").storage(dir.resolve("b")).start()) {
            password = node.keystorePassword(SSL_KEYSTORE);
            char[] othersPassword = other.keystorePassword(SSL_KEYSTORE);
            assertFalse(Arrays.equals(KuraNode.SHIPPED_KEYSTORE_PASSWORD.toCharArray(), password),
                    "the shipped password was replaced");
            assertFalse(Arrays.equals(password, othersPassword), "each gateway has its own");
            assertTrue(password.length >= 20, "a long random password: " + password.length + " characters");

            Path file = KuraNode.sslKeystore(storage);
            assertThrows(IOException.class, () -> open(file, KuraNode.SHIPPED_KEYSTORE_PASSWORD.toCharArray()));
            assertArrayEquals(key.getEncoded(), open(file, password).getKey(INSTALLED, password).getEncoded(),
                    "the installer's key, re-protected with the new password");
            assertTrue(node.keyStore(SSL_KEYSTORE).containsAlias(INSTALLED), "read through the KeystoreService");
        }
        try (KuraNode rebooted = KuraNode.builder("keystore-a").storage(storage).start()) {
            assertArrayEquals(password, rebooted.keystorePassword(SSL_KEYSTORE), "the same password after a reboot");
            assertTrue(rebooted.keyStore(SSL_KEYSTORE).containsAlias(INSTALLED));
        }
    }

    /** What an installer does: the gateway's key in its SSLKeystore file, under the password Kura ships it with. */
    private static void installBeforeFirstBoot(Path file, SecretKey key) throws Exception {
        char[] shipped = KuraNode.SHIPPED_KEYSTORE_PASSWORD.toCharArray();
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        keyStore.load(null, null);
        keyStore.setEntry(INSTALLED, new KeyStore.SecretKeyEntry(key), new KeyStore.PasswordProtection(shipped));
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            keyStore.store(out, shipped);
        }
    }

    private static KeyStore open(Path file, char[] password) throws Exception {
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            keyStore.load(in, password);
        }
        return keyStore;
    }
}
