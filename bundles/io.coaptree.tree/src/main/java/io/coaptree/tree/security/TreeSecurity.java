package io.coaptree.tree.security;

import io.coaptree.tree.bus.MessageBus;

/**
 * A gateway's message authentication, one per gateway (the tree service hands it out): every bundle that talks to
 * the tree over MQTT wraps its bus with {@link #protect}, and remote queries vouch for the callers they
 * authenticated ({@link #vouch}) and check the vouchers of others ({@link #openVoucher}). All share one boot and
 * one sequence counter, so one replay window per sender covers all their topics.
 */
public interface TreeSecurity {

    /** Context of the vouchers' seals: a voucher never opens as a message, nor a message as a voucher. */
    String VOUCHER_CONTEXT = "coaptree voucher";

    SecurityMode mode();

    /**
     * The bus that seals every publish and opens every arrival ({@code raw} itself when the mode is none).
     *
     * @param maxMessageBytes the largest message (before sealing) this bus carries; sealed ones above this plus
     *            the seal's own size are refused unread
     */
    MessageBus protect(MessageBus raw, int maxMessageBytes);

    /**
     * This gateway's voucher for a statement about a caller it authenticated (see
     * {@code io.coaptree.remotequery}'s voucher statement), or null when the mode is none.
     */
    byte[] vouch(byte[] statement);

    /**
     * Opens another gateway's voucher and accepts it if it states what {@code matches} expects: a voucher for
     * another request is forged; only a matching one is checked against the replay window (so a mismatched voucher
     * never uses up the real one).
     *
     * @throws SealRefusedException untrusted, forged, stale, replayed or undecodable
     */
    Vouched openVoucher(byte[] voucher, java.util.function.Predicate<Vouched> matches) throws SealRefusedException;

    /** A voucher that holds: the gateway that made it and what it states. */
    record Vouched(String entry, byte[] statement) {
    }
}
