package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** A publish was refused because the in-flight window is full (code TOO_MANY_INFLIGHT_MESSAGES). */
@ProviderType
public class KuraTooManyInflightMessagesException extends KuraException {

    private static final long serialVersionUID = 8759879149959567323L;

    public KuraTooManyInflightMessagesException(Object argument) {
        super(KuraErrorCode.TOO_MANY_INFLIGHT_MESSAGES, null, argument);
    }

    public KuraTooManyInflightMessagesException(Throwable cause, Object argument) {
        super(KuraErrorCode.TOO_MANY_INFLIGHT_MESSAGES, cause, argument);
    }
}
