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

    /** Adds what receivers need to find the key, e.g. the sender's certificate. */
    void describeKey(COSEUnprotectedHeaderBuilder unprotected);

    /** @throws SealRefusedException when the sender is not trusted or the tag does not match */
    void check(String sender, Map<Object, Object> unprotected, byte[] toBeAuthenticated, byte[] tag, long nowMillis)
            throws SealRefusedException;
}
