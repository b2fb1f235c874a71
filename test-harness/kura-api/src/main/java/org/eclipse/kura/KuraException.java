package org.eclipse.kura;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Kura's checked exception: an error code plus arguments. Constructors, accessors and message rendering follow
 * Kura 5.6: the pattern for the code comes from the resource bundle
 * org.eclipse.kura.core.messages.KuraExceptionMessagesBundle (MessageFormat patterns keyed by the code's name),
 * getMessage renders it for Locale.US and getLocalizedMessage for the default locale; a code without a pattern
 * falls back to "Generic Error - CODE: arguments". The wording of our bundle is our own.
 */
@ProviderType
public class KuraException extends Exception {

    private static final long serialVersionUID = 7468633737373095296L;

    private static final String MESSAGES_BUNDLE = "org.eclipse.kura.core.messages.KuraExceptionMessagesBundle";
    private static final String GENERIC_PATTERN = "Generic Error - {0}: {1}";

    private final KuraErrorCode code;
    private Object[] arguments;

    public KuraException(final KuraErrorCode code) {
        this.code = code;
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
    public String getLocalizedMessage() {
        return render(Locale.getDefault());
    }

    @Override
    public String getMessage() {
        return render(Locale.US);
    }

    private String render(Locale locale) {
        String pattern = pattern(locale);
        // An internal error has one placeholder for everything: its arguments are joined into one, as on Kura.
        if ((this.code == null || this.code == KuraErrorCode.INTERNAL_ERROR) && this.arguments != null
                && this.arguments.length > 1) {
            StringBuilder all = new StringBuilder();
            for (Object argument : this.arguments) {
                all.append(" - ").append(argument);
            }
            this.arguments = new Object[] { all.toString() };
        }
        return MessageFormat.format(pattern, this.arguments);
    }

    private String pattern(Locale locale) {
        String name = this.code == null ? "Unknown" : this.code.name();
        if (this.code != null) {
            try {
                return ResourceBundle.getBundle(MESSAGES_BUNDLE, locale, KuraException.class.getClassLoader())
                        .getString(name);
            } catch (MissingResourceException e) {
                // No bundle or no pattern for this code: Kura falls back to the generic text below.
            }
        }
        return MessageFormat.format(GENERIC_PATTERN, name);
    }
}
