package org.eclipse.kura;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Kura's checked exception: an error code plus free arguments. Constructors and accessors match Kura 5.6.
 * The stand-in renders the message itself (Kura looks patterns up in a resource bundle of its core).
 */
@ProviderType
public class KuraException extends Exception {

    private static final long serialVersionUID = 7468633737373095296L;

    private final KuraErrorCode code;
    private final Object[] arguments;

    public KuraException(final KuraErrorCode code) {
        this.code = code;
        this.arguments = null;
    }

    public KuraException(final KuraErrorCode code, final Object... arguments) {
        this.code = code;
        this.arguments = arguments;
    }

    public KuraException(final KuraErrorCode code, final Throwable cause, final Object... arguments) {
        super(cause);
        this.code = code;
        this.arguments = arguments;
    }

    public static KuraException internalError(final String message) {
        return new KuraException(KuraErrorCode.INTERNAL_ERROR, null, message);
    }

    public static KuraException internalError(final Throwable cause) {
        return new KuraException(KuraErrorCode.INTERNAL_ERROR, cause, "");
    }

    public static KuraException internalError(final Throwable cause, final String message) {
        return new KuraException(KuraErrorCode.INTERNAL_ERROR, cause, message);
    }

    public KuraErrorCode getCode() {
        return this.code;
    }

    @Override
    public String getMessage() {
        // Same shape as Kura's fallback text, so log lines read the same on both.
        String name = this.code == null ? "Unknown" : this.code.name();
        String details = this.arguments == null ? ""
                : Arrays.stream(this.arguments).map(String::valueOf).collect(Collectors.joining(" - "));
        return "Generic Error - " + name + ": " + details;
    }
}
