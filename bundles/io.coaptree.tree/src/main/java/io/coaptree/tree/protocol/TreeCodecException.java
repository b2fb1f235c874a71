package io.coaptree.tree.protocol;

import io.coaptree.tree.refusal.RefusalReason;

/**
 * Bytes that are not a valid tree message of a supported version, or a message that exceeds the limits. When it
 * comes from decoding, {@link #reason()} says how a receiver counts the refusal.
 */
public final class TreeCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final RefusalReason reason;

    public TreeCodecException(String message) {
        this(RefusalReason.UNDECODABLE, message);
    }

    public TreeCodecException(RefusalReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public TreeCodecException(String message, Throwable cause) {
        this(RefusalReason.UNDECODABLE, message, cause);
    }

    public TreeCodecException(RefusalReason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public RefusalReason reason() {
        return reason;
    }
}
