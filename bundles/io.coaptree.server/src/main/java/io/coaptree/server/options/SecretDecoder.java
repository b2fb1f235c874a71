package io.coaptree.server.options;

import io.coaptree.properties.InvalidPropertyException;

/**
 * Turns a stored Password value into the secret. On Kura the value is the CryptoService ciphertext; outside OSGi
 * (tests, benchmarks) it is the plain text ({@link #PLAIN}).
 */
@FunctionalInterface
public interface SecretDecoder {

    /** Values are taken as they are. */
    SecretDecoder PLAIN = (field, stored) -> stored.toCharArray();

    /**
     * @param field the property id, for the refusal message
     * @param stored the non-empty stored value
     * @return the secret
     * @throws io.coaptree.properties.InvalidPropertyException naming {@code field} if it cannot be decoded (the
     *             message must not contain the value)
     */
    char[] decode(String field, String stored);
}
