package io.coaptree.tree.security;

import java.util.Objects;

import io.coaptree.tree.drops.DropReason;

/** A sealed message that does not hold: why, and the sender it claims (null when none could be read). */
public final class SealRefusedException extends Exception {

    private static final long serialVersionUID = 1L;

    private final DropReason reason;
    private final String claimedSender;

    public SealRefusedException(DropReason reason, String claimedSender, String detail) {
        super(detail);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.claimedSender = claimedSender;
    }

    public DropReason reason() {
        return reason;
    }

    public String claimedSender() {
        return claimedSender;
    }
}
