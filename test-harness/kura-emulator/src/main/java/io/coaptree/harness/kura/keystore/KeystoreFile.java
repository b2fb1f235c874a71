package io.coaptree.harness.kura.keystore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStore.PasswordProtection;
import java.util.Collections;
import java.util.List;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;

/**
 * A PKCS12 keystore file whose key entries are protected with the file's own password, as Kura's file keystores
 * keep them. Kura opens one with the first of several candidate passwords that works (its configuration's, then the
 * one the CryptoService recorded), so a keystore whose password was changed opens even before its configuration says
 * so.
 */
final class KeystoreFile {

    /** An opened keystore and the password that opened it, which also protects its key entries. */
    record Opened(KeyStore keyStore, char[] password) {
    }

    private final Path path;

    KeystoreFile(Path path) {
        this.path = path.toAbsolutePath();
    }

    Path path() {
        return this.path;
    }

    boolean exists() {
        return Files.isRegularFile(this.path);
    }

    /** An empty keystore under {@code password}. */
    void create(char[] password) throws IOException, GeneralSecurityException {
        KeyStore empty = KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        save(empty, password);
    }

    /** Opens the file with the first candidate that does; null candidates are skipped. */
    Opened open(List<char[]> candidates) throws KuraException {
        Exception last = null;
        for (char[] password : candidates) {
            if (password == null) {
                continue;
            }
            try (InputStream in = Files.newInputStream(this.path)) {
                KeyStore keyStore = KeyStore.getInstance("PKCS12");
                keyStore.load(in, password);
                return new Opened(keyStore, password.clone());
            } catch (IOException | GeneralSecurityException e) {
                last = e;
            }
        }
        // Never name a password: the candidates are secrets.
        throw new KuraException(KuraErrorCode.BAD_REQUEST, last, "cannot open keystore " + this.path);
    }

    /** Writes the keystore under {@code password}, aside first, so a crash never leaves a truncated file. */
    void save(KeyStore keyStore, char[] password) throws IOException, GeneralSecurityException {
        Files.createDirectories(this.path.getParent());
        Path temp = Files.createTempFile(this.path.getParent(), this.path.getFileName().toString(), ".tmp");
        try (OutputStream out = Files.newOutputStream(temp)) {
            keyStore.store(out, password);
        }
        Files.move(temp, this.path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Re-protects every key entry with {@code to} and writes the file under it. */
    void changePassword(Opened opened, char[] to) throws IOException, GeneralSecurityException {
        KeyStore keyStore = opened.keyStore();
        for (String alias : Collections.list(keyStore.aliases())) {
            if (keyStore.isKeyEntry(alias)) {
                KeyStore.Entry entry = keyStore.getEntry(alias, new PasswordProtection(opened.password()));
                keyStore.setEntry(alias, entry, new PasswordProtection(to));
            }
        }
        save(keyStore, to);
    }
}
