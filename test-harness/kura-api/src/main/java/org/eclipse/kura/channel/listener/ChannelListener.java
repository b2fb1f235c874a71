package org.eclipse.kura.channel.listener;

import org.osgi.annotation.versioning.ConsumerType;

/** Receives the events of the channels it was registered for. */
@FunctionalInterface
@ConsumerType
public interface ChannelListener {

    public void onChannelEvent(ChannelEvent event);
}
