package io.coaptree.server.options;

/**
 * A configuration value the server refuses. The message starts with the property id the user sees in the Kura
 * WebUI, for example {@code coap.port: 70000 is outside 0..65535}.
 */
public final class InvalidOptionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidOptionException(String field, String problem) {
        this(field, problem, null);
    }

    public InvalidOptionException(String field, String problem, Throwable cause) {
        super(field + ": " + problem, cause);
        this.field = field;
    }

    /** @return the property id of the refused value */
    public String field() {
        return field;
    }
}
