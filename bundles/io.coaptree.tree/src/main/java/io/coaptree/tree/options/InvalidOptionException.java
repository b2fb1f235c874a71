package io.coaptree.tree.options;

/** A refused setting; {@link #field()} is the property name as it appears in the component configuration. */
public final class InvalidOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidOptionException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
    }

    public InvalidOptionException(String field, String reason, Throwable cause) {
        super(field + ": " + reason, cause);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
