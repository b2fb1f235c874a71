package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** An I/O failure (code IO_ERROR). */
@ProviderType
public class KuraIOException extends KuraException {

    private static final long serialVersionUID = 4440807883112997377L;

    public KuraIOException(Object argument) {
        super(KuraErrorCode.IO_ERROR, null, argument);
    }

    public KuraIOException(Throwable cause, Object argument) {
        super(KuraErrorCode.IO_ERROR, cause, argument);
    }
}
