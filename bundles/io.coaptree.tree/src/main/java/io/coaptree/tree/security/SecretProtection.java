package io.coaptree.tree.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.authlete.cose.COSEMessageType;
import com.authlete.cose.COSEUnprotectedHeaderBuilder;

import io.coaptree.tree.drops.DropReason;

/**
 * {@code COSE_Mac0} with HMAC 256/256 under a key derived from the tree-wide secret. The key is a hash of a label
 * and the secret, so the secret typed in the WebUI is never used directly and a future second use of the same secret
 * gets a key of its own. Any holder of the secret can seal as any gateway: the weaker mode, for small fleets.
 */
final class SecretProtection implements Protection {

    /** HMAC 256/256 (RFC 9053). */
    static final int ALGORITHM = 5;
    private static final String KEY_LABEL = "coaptree tree message MAC key v1";

    private final SecretKeySpec key;
    private final ThreadLocal<Mac> macs;

    SecretProtection(char[] secret) {
        if (secret.length < 16) {
            throw new IllegalArgumentException("the secret has " + secret.length + " characters; at least 16");
        }
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(KEY_LABEL.getBytes(StandardCharsets.UTF_8));
            sha256.update(new String(secret).getBytes(StandardCharsets.UTF_8));
            this.key = new SecretKeySpec(sha256.digest(), "HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        this.macs = ThreadLocal.withInitial(this::newMac);
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    @Override
    public COSEMessageType type() {
        return COSEMessageType.COSE_MAC0;
    }

    @Override
    public int algorithm() {
        return ALGORITHM;
    }

    @Override
    public byte[] tag(byte[] toBeAuthenticated) {
        return macs.get().doFinal(toBeAuthenticated);
    }

    @Override
    public void describeKey(COSEUnprotectedHeaderBuilder unprotected, boolean byThumbprint) {
        // every gateway holds the key
    }

    @Override
    public void check(String sender, Map<Object, Object> unprotected, byte[] toBeAuthenticated, byte[] tag,
            long nowMillis) throws SealRefusedException {
        if (!MessageDigest.isEqual(tag(toBeAuthenticated), tag)) {
            throw new SealRefusedException(DropReason.FORGED, sender, "the MAC does not match");
        }
    }
}
