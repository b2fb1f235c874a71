package org.eclipse.kura.crypto;

import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;

import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;

import org.eclipse.kura.KuraException;
import org.osgi.annotation.versioning.ProviderType;

/** Kura's crypto facade. Password-typed configuration values are produced by encryptAes and read back with decryptAes. */
@ProviderType
public interface CryptoService {

    /** Encrypts a secret with the gateway's key; the result is what a Password attribute holds. */
    public char[] encryptAes(char[] value) throws KuraException;

    /** Reverses {@link #encryptAes(char[])}; fails with a KuraException when the value is not a ciphertext of this gateway. */
    public char[] decryptAes(char[] encryptedValue) throws KuraException;

    @Deprecated
    public String encryptAes(String value) throws NoSuchAlgorithmException, NoSuchPaddingException, InvalidKeyException,
            IllegalBlockSizeException, BadPaddingException;

    @Deprecated
    public String decryptAes(String encryptedValue) throws NoSuchAlgorithmException, NoSuchPaddingException,
            InvalidKeyException, IOException, IllegalBlockSizeException, BadPaddingException;

    default String sha1Hash(String s) throws NoSuchAlgorithmException, UnsupportedEncodingException {
        return hash(s, "SHA-1");
    }

    default String sha256Hash(String s) throws NoSuchAlgorithmException, UnsupportedEncodingException {
        return hash(s, "SHA-256");
    }

    /** Digest of the string with the named algorithm, as text. */
    public String hash(String s, String algorithm) throws NoSuchAlgorithmException, UnsupportedEncodingException;

    public String encodeBase64(String stringValue) throws NoSuchAlgorithmException, UnsupportedEncodingException;

    public String decodeBase64(String encodedValue) throws NoSuchAlgorithmException, UnsupportedEncodingException;

    /** The password the gateway keeps for a keystore file, or null when it has none. */
    public char[] getKeyStorePassword(String keyStorePath);

    public void setKeyStorePassword(String keyStorePath, char[] password) throws KuraException;

    @Deprecated
    public void setKeyStorePassword(String keyStorePath, String password) throws IOException;

    /** Whether the framework runs in secure mode (signed bundles, protected keys). */
    public boolean isFrameworkSecure();
}
