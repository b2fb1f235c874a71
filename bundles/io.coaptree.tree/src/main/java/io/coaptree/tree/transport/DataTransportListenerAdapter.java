package io.coaptree.tree.transport;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;

/**
 * A {@link DataTransportListener} that ignores every event: extend it and override the events you need. Kura's
 * interface has eight callbacks and most users care about two or three (arrivals, a new connection, a delivery
 * confirmation); the rest would otherwise be written empty in every listener.
 */
public abstract class DataTransportListenerAdapter implements DataTransportListener {

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
