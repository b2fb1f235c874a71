package io.coaptree.tree.options;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/** A refused setting; {@link #field()} is the property name as it appears in the component configuration. */
public final class InvalidOptionException extends InvalidPropertyException {

    private static final long serialVersionUID = 1L;

    /** How the tree's options (and those of the bundles built on it) refuse a value. */
    public static final Refusal REFUSAL = InvalidOptionException::new;

    public InvalidOptionException(String field, String reason) {
        super(field, reason);
    }

    public InvalidOptionException(String field, String reason, Throwable cause) {
        super(field, reason, cause);
    }
}
