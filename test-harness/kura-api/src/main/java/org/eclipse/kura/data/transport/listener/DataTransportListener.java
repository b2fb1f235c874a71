package org.eclipse.kura.data.transport.listener;

import org.eclipse.kura.data.DataTransportToken;
import org.osgi.annotation.versioning.ConsumerType;

/** Callbacks of a DataTransportService: session life cycle, configuration changes, arrivals and delivery confirmations. */
@ConsumerType
public interface DataTransportListener {

    public void onConnectionEstablished(boolean newSession);

    public void onDisconnecting();

    public void onDisconnected();

    /** The transport is about to apply a new configuration; wasConnected tells whether it will reconnect. */
    public void onConfigurationUpdating(boolean wasConnected);

    public void onConfigurationUpdated(boolean wasConnected);

    public void onConnectionLost(Throwable cause);

    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained);

    public void onMessageConfirmed(DataTransportToken token);
}
