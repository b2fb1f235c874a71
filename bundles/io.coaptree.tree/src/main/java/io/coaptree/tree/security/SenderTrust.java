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
}
