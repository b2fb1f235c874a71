package org.eclipse.kura.cloudconnection.publisher;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.cloudconnection.listener.CloudConnectionListener;
import org.eclipse.kura.cloudconnection.listener.CloudDeliveryListener;
import org.eclipse.kura.cloudconnection.message.KuraMessage;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Sends application messages to a cloud platform over a cloud connection. Kura provides instances (one per
 * configured publisher, each with its own {@code kura.service.pid}); applications select one with a
 * {@code CloudPublisher.target} filter in their configuration.
 */
@ProviderType
public interface CloudPublisher {

    /**
     * Hands a message to the cloud connection.
     *
     * @return an identifier of the message when it is published with a QoS above 0 (reported again to
     *         {@link CloudDeliveryListener#onMessageConfirmed}), or null
     * @throws KuraException if the message cannot be accepted
     */
    public String publish(KuraMessage message) throws KuraException;

    public void registerCloudConnectionListener(CloudConnectionListener cloudConnectionListener);

    public void unregisterCloudConnectionListener(CloudConnectionListener cloudConnectionListener);

    public void registerCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener);

    public void unregisterCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener);
}
