package io.coaptree.server.options;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/**
 * A configuration value the server refuses. The message starts with the property id the user sees in the Kura
 * WebUI, for example {@code coap.port: 70000 is outside 0..65535}; the component publishes it as
 * {@code coap.config.error}.
 */
public final class InvalidOptionException extends InvalidPropertyException {

    private static final long serialVersionUID = 1L;

    /** How the server's options classes refuse a value. */
    public static final Refusal REFUSAL = InvalidOptionException::new;

    public InvalidOptionException(String field, String problem) {
        super(field, problem);
    }

    public InvalidOptionException(String field, String problem, Throwable cause) {
        super(field, problem, cause);
    }
}
