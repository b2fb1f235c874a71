package io.coaptree.bench.mqtt;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;

/** A transport listener that ignores every event; benchmark clients override the one or two they need. */
public abstract class TransportListenerAdapter implements DataTransportListener {

    @Override
    public void onConnectionEstablished(boolean newSession) {
    }

    @Override
    public void onDisconnecting() {
    }

    @Override
    public void onDisconnected() {
    }

    @Override
    public void onConfigurationUpdating(boolean wasConnected) {
    }

    @Override
    public void onConfigurationUpdated(boolean wasConnected) {
    }

    @Override
    public void onConnectionLost(Throwable cause) {
    }

    @Override
    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
    }

    @Override
    public void onMessageConfirmed(DataTransportToken token) {
    }
}
