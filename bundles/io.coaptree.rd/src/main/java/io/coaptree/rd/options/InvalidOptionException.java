package io.coaptree.rd.options;

/** A configuration value is refused; the message starts with the metatype id of the field at fault. */
public final class InvalidOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidOptionException(String field, String problem) {
        super(field + ": " + problem);
        this.field = field;
    }

    /** The metatype id of the refused setting, e.g. {@code registrations.max}. */
    public String field() {
        return field;
    }
}
