package org.eclipse.kura.cloudconnection.listener;

import org.osgi.annotation.versioning.ConsumerType;

/** Told when the cloud confirmed a message published with a QoS above 0. */
@ConsumerType
public interface CloudDeliveryListener {

    /** @param messageId what {@code CloudPublisher.publish} returned for the message */
    public void onMessageConfirmed(String messageId);
}
