package org.eclipse.kura.data.listener;

import org.osgi.annotation.versioning.ConsumerType;

/** Callbacks of Kura's DataService (connection state, arrivals, publish and confirmation of stored messages). */
@ConsumerType
public interface DataServiceListener {

    public void onConnectionEstablished();

    public void onDisconnecting();

    public void onDisconnected();

    public void onConnectionLost(Throwable cause);

    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained);

    public void onMessagePublished(int messageId, String topic);

    public void onMessageConfirmed(int messageId, String topic);
}
