package org.eclipse.kura.core.configuration.metatype;

/** The attribute types of a metatype, with the names the XML uses. */
public enum Tscalar {

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

    Tscalar(String v) {
        this.value = v;
    }

    public String value() {
        return this.value;
    }

    /** @throws IllegalArgumentException for a name that is none of the constants' */
    public static Tscalar fromValue(String v) {
        for (Tscalar c : values()) {
            if (c.value.equals(v)) {
                return c;
            }
        }
        throw new IllegalArgumentException(v);
    }
}
