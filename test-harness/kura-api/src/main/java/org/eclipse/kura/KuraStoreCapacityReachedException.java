package org.eclipse.kura;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The message store is full (code STORE_ERROR): Kura's DataService refuses a message when its store already holds
 * {@code store.capacity} messages, delivered ones included until its housekeeper purges them.
 */
@ProviderType
public class KuraStoreCapacityReachedException extends KuraStoreException {

    private static final long serialVersionUID = 2622483579047285733L;

    public KuraStoreCapacityReachedException(Object argument) {
        super(argument);
    }
}
