package io.coaptree.remotequery.sync;

import io.coaptree.tree.refusal.RefusalReason;

/**
 * A synchronisation message that cannot be read or written. When it comes from reading, {@link #reason()} says how
 * the receiver counts the refusal.
 */
public final class SyncCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final RefusalReason reason;

    public SyncCodecException(String message) {
        this(RefusalReason.UNDECODABLE, message, null);
    }

    public SyncCodecException(String message, Throwable cause) {
        this(RefusalReason.UNDECODABLE, message, cause);
    }

    public SyncCodecException(RefusalReason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public RefusalReason reason() {
        return reason;
    }
}
