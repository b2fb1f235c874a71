package io.coaptree.tree.security;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateEncodingException;
import java.util.List;
import java.util.Map;

import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;

import com.authlete.cose.COSEMessageType;
import com.authlete.cose.COSEUnprotectedHeaderBuilder;

import io.coaptree.tree.drops.DropReason;

/**
 * {@code COSE_Sign1} with EdDSA (Ed25519) through Bouncy Castle's own signer. The sender's certificate travels in
 * the unprotected {@code x5chain} header (RFC 9360) so a receiver needs no directory of keys, only the anchor; where
 * the readers have it already ({@link CertificateAnnouncements}) the seal names it by its SHA-256 thumbprint in
 * {@code x5t} instead, about 40 bytes in place of the whole certificate.
 */
final class SignatureProtection implements Protection {

    /** EdDSA (RFC 9053). */
    static final int ALGORITHM = -8;
    /** x5chain (RFC 9360). */
    static final int X5CHAIN = 33;
    /** x5t (RFC 9360): {@code [hash algorithm, hash of the certificate]}. */
    static final int X5T = 34;
    /** SHA-256 (RFC 9054): the thumbprint is then the fingerprint that {@code tree.security.revoked} lists. */
    static final int SHA_256 = -16;
    static final int SHA_256_BYTES = 32;

    private final GatewayKey key;
    private final SenderTrust trust;
    /** The thumbprint of this gateway's certificate, or null without one (pinned keys). */
    private final byte[] thumbprint;

    SignatureProtection(GatewayKey key, SenderTrust trust) {
        this.key = key;
        this.trust = trust;
        this.thumbprint = key.certificate() == null ? null : thumbprint(encoded(key));
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
    public boolean namesKeyByThumbprint() {
        return thumbprint != null;
    }

    @Override
    public void describeKey(COSEUnprotectedHeaderBuilder unprotected, boolean byThumbprint) {
        if (thumbprint == null) {
            return; // pinned keys: the receivers know the key by the sender's address alone
        }
        if (byThumbprint) {
            unprotected.put(X5T, List.of(SHA_256, thumbprint));
            return;
        }
        try {
            unprotected.x5chain(List.of(key.certificate()));
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("this gateway's certificate cannot be encoded", e);
        }
    }

    @Override
    public void check(String sender, Map<Object, Object> unprotected, byte[] toBeAuthenticated, byte[] tag,
            long nowMillis) throws SealRefusedException {
        // A whole certificate wins over a thumbprint: it needs nothing remembered.
        Ed25519PublicKeyParameters publicKey = unprotected.containsKey(X5T) && !unprotected.containsKey(X5CHAIN)
                ? trust.keyOfThumbprint(sender, thumbprint(sender, unprotected), nowMillis)
                : trust.keyOf(sender, certificate(sender, unprotected), nowMillis);
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

    /** The SHA-256 hash of an x5t; any other hash, or another shape, is not a seal of this tree. */
    private static byte[] thumbprint(String sender, Map<Object, Object> unprotected) throws SealRefusedException {
        if (unprotected.get(X5T) instanceof List<?> hash && hash.size() == 2 && hash.get(0) instanceof Number alg
                && alg.longValue() == SHA_256 && hash.get(1) instanceof byte[] value
                && value.length == SHA_256_BYTES) {
            return value;
        }
        throw new SealRefusedException(DropReason.UNDECODABLE, sender,
                "x5t is not [" + SHA_256 + ", a SHA-256 hash of " + SHA_256_BYTES + " bytes]");
    }

    private static byte[] encoded(GatewayKey key) {
        try {
            return key.certificate().getEncoded();
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException("this gateway's certificate cannot be encoded", e);
        }
    }

    /** The SHA-256 hash of a DER certificate: its x5t hash and its fingerprint. */
    static byte[] thumbprint(byte[] der) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(der);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
