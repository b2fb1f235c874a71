package io.coaptree.harness.kura.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.GeneralSecurityException;
import java.util.Base64;

import org.junit.jupiter.api.Test;

class AesGcmPasswordCipherTest {

    private final AesGcmPasswordCipher cipher = AesGcmPasswordCipher.fromBase64Key(null);

    @Test
    void roundTripsUnicodeAndEmptyValues() throws Exception {
        for (String plain : new String[] { "s3cr\u00e9t-\u2603", "" }) {
            String encrypted = cipher.encrypt(plain);
            assertNotEquals(plain, encrypted);
            assertEquals(plain, cipher.decrypt(encrypted));
        }
    }

    @Test
    void sameValueEncryptsDifferentlyEachTime() throws Exception {
        assertNotEquals(cipher.encrypt("x"), cipher.encrypt("x"));
    }

    @Test
    void plainTextAndForeignKeysAreRefused() throws Exception {
        assertFalse(cipher.isEncrypted("changeit"));
        byte[] otherKey = new byte[32];
        String foreign = AesGcmPasswordCipher.fromBase64Key(Base64.getEncoder().encodeToString(otherKey)).encrypt("x");
        assertThrows(GeneralSecurityException.class, () -> cipher.decrypt(foreign));
        assertTrue(cipher.isEncrypted(cipher.encrypt("x")));
    }

    @Test
    void badKeyNamesTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AesGcmPasswordCipher.fromBase64Key("AAAA"));
        assertTrue(e.getMessage().contains(AesGcmPasswordCipher.KEY_PROPERTY));
    }
}
