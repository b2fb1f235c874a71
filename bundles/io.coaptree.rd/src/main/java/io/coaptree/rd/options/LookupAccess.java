package io.coaptree.rd.options;

/** Who may use the lookup interfaces (RFC 9176 section 7 leaves lookup authorization to the deployment). */
public enum LookupAccess {
    /** Anyone who can reach the directory. */
    OPEN("open"),
    /** Only clients with an authenticated DTLS identity; others get 4.01. */
    AUTHENTICATED("authenticated");

    private final String setting;

    LookupAccess(String setting) {
        this.setting = setting;
    }

    /** The value in the metatype dropdown. */
    public String setting() {
        return setting;
    }

    static LookupAccess fromSetting(String field, String value) {
        for (LookupAccess access : values()) {
            if (access.setting.equalsIgnoreCase(value.trim())) {
                return access;
            }
        }
        throw new InvalidOptionException(field, "'" + value + "' is not one of open, authenticated");
    }
}
