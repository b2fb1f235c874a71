package org.eclipse.kura.cloudconnection.listener;

import org.osgi.annotation.versioning.ConsumerType;

/** Told when the cloud connection behind a publisher or subscriber changes state. */
@ConsumerType
public interface CloudConnectionListener {

    /** The connection was closed on purpose. */
    public void onDisconnected();

    /** The connection dropped without being asked to. */
    public void onConnectionLost();

    public void onConnectionEstablished();
}
