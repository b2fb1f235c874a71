package io.coaptree.harness.kura.crypto;

import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.crypto.CryptoService;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Kura's CryptoService as an emulated node provides it: same component name and service.pid as Kura's, real
 * AES-GCM encryption with the node's key (framework property {@value AesGcmPasswordCipher#KEY_PROPERTY}).
 */
@Component(name = EmulatedCryptoService.PID, immediate = true, service = CryptoService.class, property = {
        "service.pid=" + EmulatedCryptoService.PID, "kura.service.pid=" + EmulatedCryptoService.PID })
public final class EmulatedCryptoService implements CryptoService {

    public static final String PID = "org.eclipse.kura.crypto.CryptoService";

    private static final String DEFAULT_KEYSTORE_PASSWORD = "changeit";

    private final Map<String, char[]> keyStorePasswords = new ConcurrentHashMap<>();
    private AesGcmPasswordCipher cipher;

    @Activate
    void activate(BundleContext context) {
        this.cipher = AesGcmPasswordCipher.fromBase64Key(context.getProperty(AesGcmPasswordCipher.KEY_PROPERTY));
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

    @Override
    public char[] getKeyStorePassword(String keyStorePath) {
        char[] known = this.keyStorePasswords.get(keyStorePath);
        return known == null ? DEFAULT_KEYSTORE_PASSWORD.toCharArray() : known.clone();
    }

    @Override
    public void setKeyStorePassword(String keyStorePath, char[] password) throws KuraException {
        this.keyStorePasswords.put(keyStorePath, password.clone());
    }

    @Override
    @Deprecated
    public void setKeyStorePassword(String keyStorePath, String password) throws IOException {
        this.keyStorePasswords.put(keyStorePath, password.toCharArray());
    }

    @Override
    public boolean isFrameworkSecure() {
        return false;
    }
}
