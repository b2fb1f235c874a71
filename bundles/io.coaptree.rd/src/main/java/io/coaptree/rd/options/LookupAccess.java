package io.coaptree.rd.options;

/**
 * Who may use the lookup interfaces (RFC 9176 section 7 leaves lookup authorization to the deployment); the setting
 * {@code lookup.access} writes it {@code open} or {@code authenticated}.
 */
public enum LookupAccess {
    /** Anyone who can reach the directory. */
    OPEN,
    /** Only clients with an authenticated DTLS identity; others get 4.01. */
    AUTHENTICATED
}
