package io.coaptree.tree.security;

import java.io.IOException;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Objects;

import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;

/**
 * This gateway's signing key and the certificate its signatures present, whole or by thumbprint (null where
 * receivers pin keys).
 * Only Ed25519: its signatures cost tens of microseconds with Bouncy Castle, against hundreds for ECDSA P-256 or
 * Ed25519 through the JDK's own provider (docs/performance.md, "Message authentication between gateways").
 */
public final class GatewayKey {

    private final Ed25519PrivateKeyParameters privateKey;
    private final X509Certificate certificate;

    private GatewayKey(Ed25519PrivateKeyParameters privateKey, X509Certificate certificate) {
        this.privateKey = privateKey;
        this.certificate = certificate;
    }

    /**
     * @param certificate presented with the signatures (certificate-authority trust), or null (pinned keys)
     * @throws IllegalArgumentException when the key is not an Ed25519 key
     */
    public static GatewayKey of(PrivateKey key, X509Certificate certificate) {
        Objects.requireNonNull(key, "key");
        AsymmetricKeyParameter parameters;
        try {
            parameters = PrivateKeyFactory.createKey(key.getEncoded());
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("the key cannot be read: " + e.getMessage(), e);
        }
        if (!(parameters instanceof Ed25519PrivateKeyParameters)) {
            throw new IllegalArgumentException("the key is " + key.getAlgorithm() + "; the tree signs with Ed25519");
        }
        return new GatewayKey((Ed25519PrivateKeyParameters) parameters, certificate);
    }

    Ed25519PrivateKeyParameters privateKey() {
        return privateKey;
    }

    /** The certificate presented with the signatures, or null. */
    X509Certificate certificate() {
        return certificate;
    }
}
