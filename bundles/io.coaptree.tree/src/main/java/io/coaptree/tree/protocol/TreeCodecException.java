package io.coaptree.tree.protocol;

/** Bytes that are not a valid tree message of a supported version, or a message that exceeds the limits. */
public final class TreeCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    public TreeCodecException(String message) {
        super(message);
    }

    public TreeCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
