package io.coaptree.remotequery.sync;

import io.coaptree.tree.drops.DropReason;

/**
 * A synchronisation message that cannot be read or written. When it comes from reading, {@link #reason()} says how
 * the receiver counts the refusal.
 */
public final class SyncCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final DropReason reason;

    public SyncCodecException(String message) {
        this(DropReason.UNDECODABLE, message, null);
    }

    public SyncCodecException(String message, Throwable cause) {
        this(DropReason.UNDECODABLE, message, cause);
    }

    public SyncCodecException(DropReason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public DropReason reason() {
        return reason;
    }
}
