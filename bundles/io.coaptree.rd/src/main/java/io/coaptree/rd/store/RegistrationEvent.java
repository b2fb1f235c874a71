package io.coaptree.rd.store;

import java.util.Objects;

/** A change of the store's contents, delivered to {@link RegistrationListener}s after the change is made. */
public final class RegistrationEvent {

    public enum Kind { CREATED, REPLACED, UPDATED, REMOVED, EXPIRED }

    private final Kind kind;
    private final Registration registration;

    RegistrationEvent(Kind kind, Registration registration) {
        this.kind = Objects.requireNonNull(kind);
        this.registration = Objects.requireNonNull(registration);
    }

    public Kind kind() {
        return kind;
    }

    /** The registration after the change; for REMOVED and EXPIRED, as it was. */
    public Registration registration() {
        return registration;
    }

    @Override
    public String toString() {
        return kind + " " + registration;
    }
}
