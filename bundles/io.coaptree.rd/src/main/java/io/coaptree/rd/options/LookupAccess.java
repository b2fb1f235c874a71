package io.coaptree.rd.options;

import io.coaptree.properties.ComponentProperties;

/** Who may use the lookup interfaces (RFC 9176 section 7 leaves lookup authorization to the deployment). */
public enum LookupAccess {
    /** Anyone who can reach the directory. */
    OPEN,
    /** Only clients with an authenticated DTLS identity; others get 4.01. */
    AUTHENTICATED;

    /** The value in the metatype dropdown: {@code open} or {@code authenticated}. */
    public String setting() {
        return ComponentProperties.settingOf(this);
    }
}
