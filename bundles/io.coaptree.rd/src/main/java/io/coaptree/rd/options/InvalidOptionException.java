package io.coaptree.rd.options;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/** A configuration value is refused; the message starts with the metatype id of the field at fault. */
public final class InvalidOptionException extends InvalidPropertyException {

    private static final long serialVersionUID = 1L;

    /** How the directory's options refuse a value. */
    static final Refusal REFUSAL = InvalidOptionException::new;

    public InvalidOptionException(String field, String problem) {
        super(field, problem);
    }
}
