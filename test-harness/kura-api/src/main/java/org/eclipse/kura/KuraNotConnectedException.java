package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** An operation needed a connection that is down (code NOT_CONNECTED). */
@ProviderType
public class KuraNotConnectedException extends KuraException {

    private static final long serialVersionUID = 5894832757268538532L;

    public KuraNotConnectedException(Object argument) {
        super(KuraErrorCode.NOT_CONNECTED, null, argument);
    }

    public KuraNotConnectedException(Throwable cause, Object argument) {
        super(KuraErrorCode.NOT_CONNECTED, cause, argument);
    }
}
