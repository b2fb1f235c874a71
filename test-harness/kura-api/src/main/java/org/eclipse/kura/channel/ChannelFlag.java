package org.eclipse.kura.channel;

/** Whether the operation on a channel succeeded. */
public enum ChannelFlag {

    FAILURE,
    SUCCESS
}
