package io.coaptree.harness.kura.crypto;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Properties;

import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.system.SystemService;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Kura's CryptoService as an emulated node provides it: same component name and service.pid as Kura's, real
 * AES-GCM encryption with the node's key (framework property {@value AesGcmPasswordCipher#KEY_PROPERTY}). Keystore
 * passwords are kept where Kura 5.6 keeps them: encrypted, by keystore path, in {@value #KEYSTORE_PASSWORDS} in the
 * gateway's data directory, so they survive a reboot; the keystore services fall back to them when the password in
 * their configuration does not open the file.
 */
@Component(name = EmulatedCryptoService.PID, immediate = true, service = CryptoService.class, property = {
        "service.pid=" + EmulatedCryptoService.PID, "kura.service.pid=" + EmulatedCryptoService.PID })
public final class EmulatedCryptoService implements CryptoService {

    public static final String PID = "org.eclipse.kura.crypto.CryptoService";

    /** Kura's file of keystore passwords, in its data directory. */
    static final String KEYSTORE_PASSWORDS = "store.save";
    /** What Kura answers for any keystore before it has recorded a password: the password its keystores ship with. */
    private static final String SHIPPED_KEYSTORE_PASSWORD = "changeit";

    @Reference
    private SystemService system;

    private AesGcmPasswordCipher cipher;
    private Path keystorePasswords;

    @Activate
    void activate(BundleContext context) {
        this.cipher = AesGcmPasswordCipher.fromBase64Key(context.getProperty(AesGcmPasswordCipher.KEY_PROPERTY));
        this.keystorePasswords = Path.of(this.system.getKuraDataDirectory(), KEYSTORE_PASSWORDS);
    }

    @Override
    public char[] encryptAes(char[] value) throws KuraException {
        try {
            return this.cipher.encrypt(value);
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.ENCODE_ERROR, e, "encryption failed");
        }
    }

    @Override
    public char[] decryptAes(char[] encryptedValue) throws KuraException {
        if (encryptedValue.length == 0) {
            return new char[0];
        }
        try {
            return this.cipher.decrypt(encryptedValue);
        } catch (GeneralSecurityException e) {
            // Never put the value in the message: it may be a secret typed in plain.
            throw new KuraException(KuraErrorCode.DECODER_ERROR, e, "value is not encrypted with this node's key");
        }
    }

    @Override
    @Deprecated
    public String encryptAes(String value) throws NoSuchAlgorithmException, NoSuchPaddingException,
            InvalidKeyException, IllegalBlockSizeException, BadPaddingException {
        try {
            return this.cipher.encrypt(value);
        } catch (NoSuchAlgorithmException | NoSuchPaddingException | InvalidKeyException | IllegalBlockSizeException
                | BadPaddingException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    @Deprecated
    public String decryptAes(String encryptedValue) throws NoSuchAlgorithmException, NoSuchPaddingException,
            InvalidKeyException, IOException, IllegalBlockSizeException, BadPaddingException {
        try {
            return this.cipher.decrypt(encryptedValue);
        } catch (NoSuchAlgorithmException | NoSuchPaddingException | InvalidKeyException | IllegalBlockSizeException
                | BadPaddingException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new BadPaddingException(e.getMessage());
        }
    }

    @Override
    public String hash(String s, String algorithm) throws NoSuchAlgorithmException, UnsupportedEncodingException {
        byte[] digest = MessageDigest.getInstance(algorithm).digest(s.getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(digest);
    }

    @Override
    public String encodeBase64(String stringValue) throws NoSuchAlgorithmException, UnsupportedEncodingException {
        return Base64.getEncoder().encodeToString(stringValue.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String decodeBase64(String encodedValue) throws NoSuchAlgorithmException, UnsupportedEncodingException {
        return new String(Base64.getDecoder().decode(encodedValue), StandardCharsets.UTF_8);
    }

    /**
     * As Kura 5.6: the shipped password while no keystore password was ever recorded on this gateway, else the one
     * recorded for this path, or null if none was.
     */
    @Override
    public synchronized char[] getKeyStorePassword(String keyStorePath) {
        if (!Files.exists(this.keystorePasswords)) {
            return SHIPPED_KEYSTORE_PASSWORD.toCharArray();
        }
        try {
            String encrypted = readKeystorePasswords().getProperty(keyStorePath);
            return encrypted == null ? null : decryptAes(encrypted.toCharArray());
        } catch (IOException | KuraException e) {
            return null; // Kura logs and answers null alike
        }
    }

    @Override
    public synchronized void setKeyStorePassword(String keyStorePath, char[] password) throws KuraException {
        try {
            Properties passwords = Files.exists(this.keystorePasswords) ? readKeystorePasswords() : new Properties();
            passwords.setProperty(keyStorePath, new String(encryptAes(password)));
            Files.createDirectories(this.keystorePasswords.getParent());
            try (OutputStream out = Files.newOutputStream(this.keystorePasswords)) {
                passwords.store(out, "keystore passwords by path, encrypted with the node's key");
            }
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.INTERNAL_ERROR, e, "cannot record a keystore password");
        }
    }

    @Override
    @Deprecated
    public void setKeyStorePassword(String keyStorePath, String password) throws IOException {
        try {
            setKeyStorePassword(keyStorePath, password.toCharArray());
        } catch (KuraException e) {
            throw new IOException(e);
        }
    }

    private Properties readKeystorePasswords() throws IOException {
        Properties passwords = new Properties();
        try (InputStream in = Files.newInputStream(this.keystorePasswords)) {
            passwords.load(in);
        }
        return passwords;
    }

    @Override
    public boolean isFrameworkSecure() {
        return false;
    }
}
