package io.coaptree.tree.security;

import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;

/** The tree's trust anchor: which key may seal the messages of which gateway. */
public interface SenderTrust {

    /**
     * The key that seals {@code sender}'s messages.
     *
     * @param sender the node address the seal names ({@code A/1/gA1})
     * @param presentedCertificate the DER certificate the seal carries, or null
     * @param nowMillis the receiver's clock, for validity periods
     * @throws SealRefusedException ({@code untrusted}) when no trusted key belongs to the sender
     */
    Ed25519PublicKeyParameters keyOf(String sender, byte[] presentedCertificate, long nowMillis)
            throws SealRefusedException;

    /**
     * The key that seals {@code sender}'s messages, for a seal that names the sender's certificate by its SHA-256
     * thumbprint only ({@code x5t}). A trust that needs no certificate (pinned keys) answers as {@link #keyOf}
     * without one, the default.
     *
     * @param thumbprint the SHA-256 hash of the certificate's DER bytes
     * @throws SealRefusedException {@code unknown-certificate} when no certificate of the sender with that thumbprint
     *             was checked before; {@code untrusted} as {@link #keyOf}
     */
    default Ed25519PublicKeyParameters keyOfThumbprint(String sender, byte[] thumbprint, long nowMillis)
            throws SealRefusedException {
        return keyOf(sender, null, nowMillis);
    }
}
