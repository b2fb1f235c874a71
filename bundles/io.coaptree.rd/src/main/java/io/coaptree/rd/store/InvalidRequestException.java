package io.coaptree.rd.store;

/**
 * A request's URI query cannot be understood (a non-numeric lt, page without count, a duplicate ep, ...).
 * The message is a diagnostic for a 4.00 payload and names the offending parameter.
 */
public final class InvalidRequestException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String parameter;

    public InvalidRequestException(String parameter, String message) {
        super(message);
        this.parameter = parameter;
    }

    /** The query parameter at fault. */
    public String parameter() {
        return parameter;
    }
}
