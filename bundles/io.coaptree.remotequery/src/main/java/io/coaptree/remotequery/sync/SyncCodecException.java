package io.coaptree.remotequery.sync;

/** A synchronisation message that cannot be read or written. */
public final class SyncCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    public SyncCodecException(String message) {
        super(message);
    }

    public SyncCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
