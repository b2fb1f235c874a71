package io.coaptree.rd.store;

import java.util.Objects;
import java.util.Optional;

/** The outcome of a store operation: what happened, the registration concerned, and a diagnostic for failures. */
public final class StoreResult {

    /** What happened; the comment gives the CoAP response an adapter should send. */
    public enum Outcome {
        /** A new registration resource exists (2.01 Created with its Location-Path). */
        CREATED(true),
        /** ep and d were registered already: same location, links and attributes replaced (2.01 Created). */
        REPLACED(true),
        /** An update refreshed the lifetime and applied its changes (2.04 Changed). */
        UPDATED(true),
        /** The registration is gone (2.02 Deleted). */
        REMOVED(true),
        /** A value is out of range or malformed (4.00 Bad Request). */
        BAD_REQUEST(false),
        /** The store requires an authenticated identity and the request had none (4.01 Unauthorized). */
        UNAUTHENTICATED(false),
        /** The registration is bound to another identity (4.03 Forbidden). */
        FORBIDDEN(false),
        /** No live registration has that id (4.04 Not Found). */
        NOT_FOUND(false),
        /** Too many links or attributes in one registration (4.13 Request Entity Too Large). */
        TOO_LARGE(false),
        /** maxRegistrations is reached, or the directory is not running (5.03 Service Unavailable). */
        STORE_FULL(false);

        private final boolean success;

        Outcome(boolean success) {
            this.success = success;
        }

        public boolean isSuccess() {
            return success;
        }
    }

    private final Outcome outcome;
    private final Registration registration;
    private final String diagnostic;

    private StoreResult(Outcome outcome, Registration registration, String diagnostic) {
        this.outcome = outcome;
        this.registration = registration;
        this.diagnostic = diagnostic;
    }

    static StoreResult success(Outcome outcome, Registration registration) {
        return new StoreResult(outcome, Objects.requireNonNull(registration), "");
    }

    static StoreResult failure(Outcome outcome, String diagnostic) {
        return new StoreResult(outcome, null, diagnostic);
    }

    /** The answer while no directory runs (stopped, or between two configurations): try again later. */
    public static StoreResult notRunning() {
        return failure(Outcome.STORE_FULL, "the Resource Directory is not running; retry later");
    }

    public Outcome outcome() {
        return outcome;
    }

    public boolean isSuccess() {
        return outcome.isSuccess();
    }

    /** The registration as it now is (for REMOVED: as it was); empty on failure. */
    public Optional<Registration> registration() {
        return Optional.ofNullable(registration);
    }

    /** Why the operation failed, fit for a response payload; empty on success. */
    public String diagnostic() {
        return diagnostic;
    }

    @Override
    public String toString() {
        return outcome + (diagnostic.isEmpty() ? "" : ": " + diagnostic);
    }
}
