package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/** A message store operation failed (code STORE_ERROR): what Kura's DataService throws when it cannot store. */
@ProviderType
public class KuraStoreException extends KuraException {

    private static final long serialVersionUID = -3405089623687223551L;

    public KuraStoreException(Object argument) {
        super(KuraErrorCode.STORE_ERROR, null, argument);
    }

    public KuraStoreException(Throwable cause, Object argument) {
        super(KuraErrorCode.STORE_ERROR, cause, argument);
    }
}
