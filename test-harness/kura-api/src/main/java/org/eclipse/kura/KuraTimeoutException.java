package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** An operation did not complete in time (code TIMED_OUT); note the (message, cause) argument order, as in Kura. */
@ProviderType
public class KuraTimeoutException extends KuraException {

    private static final long serialVersionUID = -3042470573773974746L;

    public KuraTimeoutException(String message) {
        super(KuraErrorCode.TIMED_OUT, null, message);
    }

    public KuraTimeoutException(String message, Throwable cause) {
        super(KuraErrorCode.TIMED_OUT, cause, message);
    }
}
