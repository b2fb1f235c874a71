package io.coaptree.tree.security;

import java.util.Map;

import com.authlete.cose.COSEMessageType;
import com.authlete.cose.COSEUnprotectedHeaderBuilder;

/** What makes a seal hold: a signature of the sender's key ({@code COSE_Sign1}) or a MAC of the tree's secret. */
interface Protection {

    COSEMessageType type();

    /** The COSE algorithm identifier in the protected header (RFC 9053). */
    int algorithm();

    /** The signature or MAC over the COSE {@code Sig_structure} / {@code MAC_structure}. */
    byte[] tag(byte[] toBeAuthenticated);

    /** Whether the key can be named by a thumbprint of the sender's certificate as well as by the certificate. */
    default boolean namesKeyByThumbprint() {
        return false;
    }

    /**
     * Adds what receivers need to find the key, e.g. the sender's certificate, or only its thumbprint when
     * {@code byThumbprint} (see {@link #namesKeyByThumbprint()}).
     */
    void describeKey(COSEUnprotectedHeaderBuilder unprotected, boolean byThumbprint);

    /** @throws SealRefusedException when the sender is not trusted or the tag does not match */
    void check(String sender, Map<Object, Object> unprotected, byte[] toBeAuthenticated, byte[] tag, long nowMillis)
            throws SealRefusedException;
}
