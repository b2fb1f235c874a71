package io.coaptree.harness.node;

import java.util.Locale;

/** The OSGi framework an emulated node runs on: Felix by default, Equinox as on a real Kura gateway. */
public enum FrameworkKind {
    FELIX,
    EQUINOX;

    /** System property that switches the default framework of every node built without an explicit choice. */
    public static final String DEFAULT_PROPERTY = "coaptree.framework";

    /** FELIX unless the system property {@value #DEFAULT_PROPERTY} says "equinox". */
    public static FrameworkKind fromSystemProperty() {
        String value = System.getProperty(DEFAULT_PROPERTY);
        return value == null || value.isBlank() ? FELIX : parse(value);
    }

    /** Parses "felix" or "equinox" (any case); refuses anything else with a message naming the accepted values. */
    public static FrameworkKind parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("framework must be felix or equinox, got '" + text + "'", e);
        }
    }
}
