package io.coaptree.linkformat;

/**
 * A payload is not valid link-format, or exceeds a {@link LinkFormatLimits} bound. The only exception
 * {@link LinkFormatParser#parse(CharSequence)} throws. The message is a diagnostic fit for a CoAP 4.00 / 4.13
 * payload: it names the offset and what was expected there.
 */
public final class LinkFormatParseException extends Exception {

    private static final long serialVersionUID = 1L;

    /** Why the payload was refused; lets a server answer 4.00 for bad syntax and 4.13 for a bound. */
    public enum Kind {
        /** The payload does not follow the RFC 6690 grammar. */
        SYNTAX,
        /** The payload is well-formed so far but exceeds a configured limit. */
        LIMIT
    }

    private final Kind kind;
    private final int offset;
    private final String reason;

    public LinkFormatParseException(Kind kind, int offset, String reason) {
        super((kind == Kind.LIMIT ? "link-format exceeds a limit at offset " : "malformed link-format at offset ")
                + offset + ": " + reason);
        this.kind = kind;
        this.offset = offset;
        this.reason = reason;
    }

    public Kind kind() {
        return kind;
    }

    /** Character offset in the payload where parsing stopped. */
    public int offset() {
        return offset;
    }

    /** What was wrong, without the offset. */
    public String reason() {
        return reason;
    }
}
