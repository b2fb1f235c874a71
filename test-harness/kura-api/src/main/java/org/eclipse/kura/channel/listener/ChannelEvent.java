package org.eclipse.kura.channel.listener;

import static java.util.Objects.requireNonNull;

import org.eclipse.kura.channel.ChannelRecord;
import org.osgi.annotation.versioning.ProviderType;

/** A change of a monitored channel, carried in a record. */
@ProviderType
public class ChannelEvent {

    private final ChannelRecord channelRecord;

    public ChannelEvent(final ChannelRecord channelRecord) {
        requireNonNull(channelRecord, "Channel record cannot be null");
        this.channelRecord = channelRecord;
    }

    public ChannelRecord getChannelRecord() {
        return this.channelRecord;
    }

    @Override
    public String toString() {
        return "ChannelEvent [channeRecord=" + this.channelRecord + "]";
    }
}
