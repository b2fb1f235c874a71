package io.coaptree.tree.protocol;

import io.coaptree.tree.drops.DropReason;

/**
 * Bytes that are not a valid tree message of a supported version, or a message that exceeds the limits. When it
 * comes from decoding, {@link #reason()} says how a receiver counts the refusal.
 */
public final class TreeCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final DropReason reason;

    public TreeCodecException(String message) {
        this(DropReason.UNDECODABLE, message);
    }

    public TreeCodecException(DropReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public TreeCodecException(String message, Throwable cause) {
        this(DropReason.UNDECODABLE, message, cause);
    }

    public TreeCodecException(DropReason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public DropReason reason() {
        return reason;
    }
}
