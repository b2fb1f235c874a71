package io.coaptree.server.options;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.coaptree.properties.InvalidPropertyException;

/**
 * The pre-shared keys the DTLS endpoint accepts, parsed from the Password property {@link DtlsOptions#PSK_CREDENTIALS}.
 *
 * <p>
 * Format: entries {@code identity=key} separated by {@code ;} or new lines, for example
 * {@code sensor-1=secretKey1;maintenance=hex:00112233445566778899aabbccddeeff}. The identity is everything before the
 * first {@code =} (1..128 characters, no {@code ;}); the key is the UTF-8 text after it, or, with the prefix
 * {@code hex:}, hexadecimal bytes; 4..64 bytes. Keys are never logged or shown: refusals name the entry by its
 * position and identity only.
 */
public final class PskCredentials {

    public static final int MAX_IDENTITY_LENGTH = 128;
    public static final int MIN_KEY_BYTES = 4;
    public static final int MAX_KEY_BYTES = 64;

    private static final PskCredentials NONE = new PskCredentials(Map.of());

    private final Map<String, byte[]> keys;

    private PskCredentials(Map<String, byte[]> keys) {
        this.keys = keys;
    }

    public static PskCredentials none() {
        return NONE;
    }

    /**
     * @param text the decrypted property value, may be empty
     * @throws InvalidPropertyException naming {@link DtlsOptions#PSK_CREDENTIALS}
     */
    public static PskCredentials parse(char[] text) {
        String all = new String(text);
        Map<String, byte[]> keys = new LinkedHashMap<>();
        int position = 0;
        for (String entry : all.split("[;\\r\\n]+")) {
            if (entry.isBlank()) {
                continue;
            }
            position++;
            int equals = entry.indexOf('=');
            if (equals < 0) {
                throw refuse(position, "has no '=' between identity and key");
            }
            String identity = entry.substring(0, equals).trim();
            if (identity.isEmpty() || identity.length() > MAX_IDENTITY_LENGTH) {
                throw refuse(position, "identity must have 1.." + MAX_IDENTITY_LENGTH + " characters");
            }
            byte[] key = key(entry.substring(equals + 1).trim(), position, identity);
            if (keys.put(identity, key) != null) {
                throw refuse(position, "identity '" + identity + "' appears twice");
            }
        }
        return keys.isEmpty() ? NONE : new PskCredentials(Collections.unmodifiableMap(keys));
    }

    private static byte[] key(String text, int position, String identity) {
        byte[] key;
        if (text.regionMatches(true, 0, "hex:", 0, 4)) {
            try {
                key = HexFormat.of().parseHex(text.substring(4));
            } catch (IllegalArgumentException e) {
                throw refuse(position, "the key of '" + identity + "' is not valid hexadecimal");
            }
        } else {
            key = text.getBytes(StandardCharsets.UTF_8);
        }
        if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
            throw refuse(position,
                    "the key of '" + identity + "' must have " + MIN_KEY_BYTES + ".." + MAX_KEY_BYTES + " bytes");
        }
        return key;
    }

    private static InvalidPropertyException refuse(int position, String problem) {
        return new InvalidPropertyException(DtlsOptions.PSK_CREDENTIALS.id(), "entry " + position + " " + problem);
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    public Set<String> identities() {
        return keys.keySet();
    }

    /** @return a copy of the key of {@code identity}, {@code null} if unknown */
    public byte[] key(String identity) {
        byte[] key = keys.get(identity);
        return key == null ? null : key.clone();
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof PskCredentials that) || !keys.keySet().equals(that.keys.keySet())) {
            return false;
        }
        for (Map.Entry<String, byte[]> entry : keys.entrySet()) {
            if (!Arrays.equals(entry.getValue(), that.keys.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return keys.keySet().hashCode();
    }

    /** Identities only. */
    @Override
    public String toString() {
        return "PSK identities " + keys.keySet();
    }
}
