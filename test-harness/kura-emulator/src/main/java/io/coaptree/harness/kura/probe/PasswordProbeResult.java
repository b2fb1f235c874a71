package io.coaptree.harness.kura.probe;

/**
 * Registered by {@link PasswordProbe} once it has read its configuration. Its service property
 * {@value PasswordProbe#SHA256_PROPERTY} proves which secret the component saw after decryption,
 * without the secret itself ever leaving the component.
 */
public interface PasswordProbeResult {

    /** Hex SHA-256 of the decrypted secret, or null when it could not be decrypted. */
    String secretSha256();
}
