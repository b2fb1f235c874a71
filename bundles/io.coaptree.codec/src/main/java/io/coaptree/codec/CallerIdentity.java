package io.coaptree.codec;

import java.util.Objects;

/**
 * The authenticated identity of the CoAP client that originated a request, as plain strings so that the envelope
 * does not depend on Scandium's principal classes. It is qualified by the gateway that authenticated the caller (the
 * request's entry gateway): a PSK identity {@code maint} of gA1 and one of gB2 are different callers.
 *
 * @param type how the caller was authenticated, for example {@link #TYPE_PSK}; never empty
 * @param name the identity within that type (PSK identity, certificate subject, key fingerprint); never empty
 * @param gateway the tree address of the gateway that authenticated the caller ({@code A/1/gA1}); never empty
 */
public record CallerIdentity(String type, String name, String gateway) {

    /** A pre-shared-key identity; the name is the PSK identity. */
    public static final String TYPE_PSK = "psk";
    /** An X.509 certificate; the name is the subject distinguished name. */
    public static final String TYPE_X509 = "x509";
    /** A raw public key; the name is a fingerprint or another stable rendering of the key. */
    public static final String TYPE_RPK = "rpk";

    public CallerIdentity {
        Objects.requireNonNull(type, "identity.type");
        Objects.requireNonNull(name, "identity.name");
        Objects.requireNonNull(gateway, "identity.gateway");
        if (type.isEmpty()) {
            throw new IllegalArgumentException("identity.type: must not be empty");
        }
        if (name.isEmpty()) {
            throw new IllegalArgumentException("identity.name: must not be empty");
        }
        if (gateway.isEmpty()) {
            throw new IllegalArgumentException("identity.gateway: must not be empty");
        }
    }
}
