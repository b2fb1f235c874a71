package org.eclipse.kura.configuration.metatype;

/** The attribute types Kura's metatype knows; the value is the metatype XML spelling. */
public enum Scalar {

    STRING("String"),
    LONG("Long"),
    DOUBLE("Double"),
    FLOAT("Float"),
    INTEGER("Integer"),
    BYTE("Byte"),
    CHAR("Char"),
    BOOLEAN("Boolean"),
    SHORT("Short"),
    PASSWORD("Password");

    private final String value;

    Scalar(String v) {
        this.value = v;
    }

    public String value() {
        return this.value;
    }

    /** The type for its XML spelling; Kura also accepts OSGi's "Character" for CHAR. */
    public static Scalar fromValue(String v) {
        if ("character".equalsIgnoreCase(v)) {
            return CHAR;
        }
        for (Scalar c : Scalar.values()) {
            if (c.value.equals(v)) {
                return c;
            }
        }
        throw new IllegalArgumentException(v);
    }
}
