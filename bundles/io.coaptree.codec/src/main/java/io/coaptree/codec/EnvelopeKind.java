package io.coaptree.codec;

/**
 * What an envelope carries. The wire value is fixed per constant (never the ordinal) so that reordering the
 * constants cannot change the format.
 */
public enum EnvelopeKind {
    /** A CoAP request; the envelope code is a method code (class 0). */
    REQUEST(1),
    /** A CoAP response; the envelope code is a response code (class 2, 4 or 5). */
    RESPONSE(2),
    /** One notification of an observe relation; the envelope code is a response code. */
    NOTIFICATION(3);

    private final int wireValue;

    EnvelopeKind(int wireValue) {
        this.wireValue = wireValue;
    }

    int wireValue() {
        return wireValue;
    }

    static EnvelopeKind fromWireValue(int value) {
        for (EnvelopeKind kind : values()) {
            if (kind.wireValue == value) {
                return kind;
            }
        }
        throw new IllegalArgumentException("kind: unknown wire value " + value);
    }

    /** Whether the envelope code of this kind is a response code rather than a method code. */
    public boolean carriesResponseCode() {
        return this != REQUEST;
    }
}
