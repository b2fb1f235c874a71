package io.coaptree.harness.kura.crypto;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The emulated gateway's Password cipher: AES-GCM with a random 96-bit IV, text form base64(iv || ciphertext || tag).
 * Plain Java on purpose: the node launcher encrypts snapshot passwords with the same class outside the framework,
 * so a value it produces is exactly what the in-framework CryptoService would produce and accept.
 */
public final class AesGcmPasswordCipher {

    /** Framework (or system) property holding the base64 AES key (16, 24 or 32 bytes) of an emulated node. */
    public static final String KEY_PROPERTY = "coaptree.harness.crypto.key";

    /** A fixed key so that ciphertexts in test snapshots stay valid; a harness key, never a gateway's. */
    public static final String DEFAULT_KEY_BASE64 = "Ia3289t4m93t9M+NqaEqvkAyDl5RTs0K675JsUoXmPQ=";

    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    private AesGcmPasswordCipher(byte[] key) {
        if (key.length != 16 && key.length != 24 && key.length != 32) {
            throw new IllegalArgumentException(KEY_PROPERTY + " must decode to 16, 24 or 32 bytes, got " + key.length);
        }
        this.key = new SecretKeySpec(key, "AES");
    }

    /** The cipher for a base64 key; null or blank selects {@link #DEFAULT_KEY_BASE64}. */
    public static AesGcmPasswordCipher fromBase64Key(String base64Key) {
        String text = base64Key == null || base64Key.isBlank() ? DEFAULT_KEY_BASE64 : base64Key.trim();
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(KEY_PROPERTY + " is not valid base64", e);
        }
        return new AesGcmPasswordCipher(raw);
    }

    public char[] encrypt(char[] plain) throws GeneralSecurityException {
        byte[] plainBytes = utf8(plain);
        try {
            byte[] iv = new byte[IV_BYTES];
            this.random.nextBytes(iv);
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, this.key, new GCMParameterSpec(TAG_BITS, iv));
            byte[] sealed = cipher.doFinal(plainBytes);
            byte[] out = new byte[iv.length + sealed.length];
            System.arraycopy(iv, 0, out, 0, iv.length);
            System.arraycopy(sealed, 0, out, iv.length, sealed.length);
            return Base64.getEncoder().encodeToString(out).toCharArray();
        } finally {
            Arrays.fill(plainBytes, (byte) 0);
        }
    }

    /** Fails with a GeneralSecurityException when the text is not a ciphertext made with this key. */
    public char[] decrypt(char[] cipherText) throws GeneralSecurityException {
        byte[] in;
        try {
            in = Base64.getDecoder().decode(new String(cipherText).trim());
        } catch (IllegalArgumentException e) {
            throw new GeneralSecurityException("not an encrypted value (bad base64)");
        }
        if (in.length < IV_BYTES + TAG_BITS / 8) {
            throw new GeneralSecurityException("not an encrypted value (too short)");
        }
        Cipher cipher = Cipher.getInstance(TRANSFORMATION);
        cipher.init(Cipher.DECRYPT_MODE, this.key, new GCMParameterSpec(TAG_BITS, in, 0, IV_BYTES));
        byte[] plain = cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES);
        try {
            return toChars(plain);
        } catch (CharacterCodingException e) {
            throw new GeneralSecurityException("decrypted value is not UTF-8");
        } finally {
            Arrays.fill(plain, (byte) 0);
        }
    }

    public String encrypt(String plain) throws GeneralSecurityException {
        return new String(encrypt(plain.toCharArray()));
    }

    public String decrypt(String cipherText) throws GeneralSecurityException {
        return new String(decrypt(cipherText.toCharArray()));
    }

    /** Whether the text decrypts with this key (Kura uses the same test to tell ciphertext from a plain value). */
    public boolean isEncrypted(String text) {
        try {
            decrypt(text.toCharArray());
            return true;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static byte[] utf8(char[] chars) {
        ByteBuffer buffer = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    private static char[] toChars(byte[] bytes) throws CharacterCodingException {
        CharBuffer chars = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
        char[] out = new char[chars.remaining()];
        chars.get(out);
        return out;
    }
}
