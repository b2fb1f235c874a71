package io.coaptree.mqtt.component;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.crypto.CryptoService;

/** A reversible stand-in for Kura's CryptoService: enough to show that Password properties get decrypted. */
final class TestCryptoService implements CryptoService {

    private static final String PREFIX = "enc:";

    static String encrypt(String plain) {
        return PREFIX + new StringBuilder(plain).reverse();
    }

    @Override
    public char[] encryptAes(char[] value) {
        return encrypt(new String(value)).toCharArray();
    }

    @Override
    public char[] decryptAes(char[] encryptedValue) throws KuraException {
        String s = new String(encryptedValue);
        if (!s.startsWith(PREFIX)) {
            throw new KuraException(KuraErrorCode.DECODER_ERROR, "not encrypted");
        }
        return new StringBuilder(s.substring(PREFIX.length())).reverse().toString().toCharArray();
    }

    @Override
    public String encryptAes(String value) {
        return encrypt(value);
    }

    @Override
    public String decryptAes(String encryptedValue) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String hash(String s, String algorithm) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String encodeBase64(String stringValue) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String decodeBase64(String encodedValue) {
        throw new UnsupportedOperationException();
    }

    @Override
    public char[] getKeyStorePassword(String keyStorePath) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void setKeyStorePassword(String keyStorePath, char[] password) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void setKeyStorePassword(String keyStorePath, String password) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isFrameworkSecure() {
        return false;
    }
}
