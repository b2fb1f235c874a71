package io.coaptree.tree.security;

import java.security.cert.CertificateEncodingException;
import java.util.List;
import java.util.Map;

import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;

import com.authlete.cose.COSEMessageType;
import com.authlete.cose.COSEUnprotectedHeaderBuilder;

import io.coaptree.tree.drops.DropReason;

/**
 * {@code COSE_Sign1} with EdDSA (Ed25519) through Bouncy Castle's own signer: the sender's certificate travels in
 * the unprotected {@code x5chain} header (RFC 9360) so a receiver needs no directory of keys, only the anchor.
 */
final class SignatureProtection implements Protection {

    /** EdDSA (RFC 9053). */
    static final int ALGORITHM = -8;
    /** x5chain (RFC 9360). */
    static final int X5CHAIN = 33;

    private final GatewayKey key;
    private final SenderTrust trust;

    SignatureProtection(GatewayKey key, SenderTrust trust) {
        this.key = key;
        this.trust = trust;
    }

    @Override
    public COSEMessageType type() {
        return COSEMessageType.COSE_SIGN1;
    }

    @Override
    public int algorithm() {
        return ALGORITHM;
    }

    @Override
    public byte[] tag(byte[] toBeAuthenticated) {
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key.privateKey());
        signer.update(toBeAuthenticated, 0, toBeAuthenticated.length);
        return signer.generateSignature();
    }

    @Override
    public void describeKey(COSEUnprotectedHeaderBuilder unprotected) {
        if (key.certificate() != null) {
            try {
                unprotected.x5chain(List.of(key.certificate()));
            } catch (CertificateEncodingException e) {
                throw new IllegalStateException("this gateway's certificate cannot be encoded", e);
            }
        }
    }

    @Override
    public void check(String sender, Map<Object, Object> unprotected, byte[] toBeAuthenticated, byte[] tag,
            long nowMillis) throws SealRefusedException {
        Ed25519PublicKeyParameters publicKey = trust.keyOf(sender, certificate(sender, unprotected), nowMillis);
        Ed25519Signer verifier = new Ed25519Signer();
        verifier.init(false, publicKey);
        verifier.update(toBeAuthenticated, 0, toBeAuthenticated.length);
        if (!verifier.verifySignature(tag)) {
            throw new SealRefusedException(DropReason.FORGED, sender, "the signature does not match");
        }
    }

    /** The leaf certificate of an x5chain: one bstr, or the first of an array (RFC 9360). */
    private static byte[] certificate(String sender, Map<Object, Object> unprotected) throws SealRefusedException {
        Object chain = unprotected.get(X5CHAIN);
        if (chain == null) {
            return null;
        }
        if (chain instanceof List<?> list && !list.isEmpty()) {
            chain = list.get(0);
        }
        if (chain instanceof byte[] der) {
            return der;
        }
        throw new SealRefusedException(DropReason.UNDECODABLE, sender, "x5chain is not a certificate");
    }
}
