package io.coaptree.rd.lookup;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The answer to a {@link LookupRequest}: the result as link-format, or why the directory refuses it, with a
 * diagnostic for the caller.
 *
 * @param outcome what happened; its comment gives the CoAP response
 * @param payload the result as UTF-8 link-format (empty for an empty result and for a refusal)
 * @param diagnostic why the lookup was refused, fit for a response payload; empty on success
 */
public record LookupResult(Outcome outcome, byte[] payload, String diagnostic) {

    /** What became of a lookup. */
    public enum Outcome {
        /** The result (2.05 Content, application/link-format). */
        CONTENT,
        /** Malformed criteria or paging (4.00 Bad Request). */
        BAD_REQUEST,
        /** {@code lookup.access} asks for an authenticated caller and there was none (4.01 Unauthorized). */
        UNAUTHENTICATED,
        /** The caller accepts only another Content-Format (4.06 Not Acceptable). */
        NOT_ACCEPTABLE,
        /** The result is larger than {@code lookup.payload.max.bytes} (5.03 Service Unavailable). */
        TOO_LARGE
    }

    /** application/link-format (RFC 6690): the one Content-Format lookups answer in. */
    public static final int LINK_FORMAT = 40;

    private static final byte[] NOTHING = new byte[0];

    public LookupResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(diagnostic, "diagnostic");
    }

    /** @param linkFormat the result, UTF-8 link-format */
    public static LookupResult content(byte[] linkFormat) {
        return new LookupResult(Outcome.CONTENT, linkFormat, "");
    }

    /** @param outcome why: anything but {@link Outcome#CONTENT} */
    public static LookupResult refused(Outcome outcome, String diagnostic) {
        if (outcome == Outcome.CONTENT) {
            throw new IllegalArgumentException("a refusal needs a reason other than " + outcome);
        }
        return new LookupResult(outcome, NOTHING, diagnostic);
    }

    /** The answer while no directory runs: nothing, as its lookups find nothing then. */
    public static LookupResult nothing() {
        return content(NOTHING);
    }

    public boolean isSuccess() {
        return outcome == Outcome.CONTENT;
    }

    /** @return the result as link-format text (empty for a refusal) */
    public String linkFormat() {
        return new String(payload, StandardCharsets.UTF_8);
    }
}
