package io.coaptree.telemetry.record;

/** A telemetry message that cannot be read; {@link #kind()} says which refusal reason it is. */
public final class TelemetryCodecException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What is wrong, as the gateway's refusal reasons count it. */
    public enum Kind {
        /** Not a record of a supported format: wrong version, truncated, malformed field, trailing bytes. */
        UNDECODABLE,
        /** Larger than the receiver's limit. */
        OVERSIZE,
        /** Well-formed, of a kind the receiver does not know. */
        UNKNOWN_KIND
    }

    private final Kind kind;

    public TelemetryCodecException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
