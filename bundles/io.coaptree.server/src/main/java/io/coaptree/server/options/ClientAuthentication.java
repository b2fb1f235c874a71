package io.coaptree.server.options;

/**
 * Whether the DTLS endpoint asks clients for a certificate or raw public key ({@link DtlsOptions#CLIENT_AUTH}). The
 * same constants as Scandium's {@code CertificateAuthenticationMode}, which the {@code dtls} package maps them to, so
 * the options stay free of Californium types.
 */
public enum ClientAuthentication {
    /** Clients are not asked. */
    NONE,
    /** Clients are asked and may decline. */
    WANTED,
    /** Clients must present one. */
    NEEDED
}
