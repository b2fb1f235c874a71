package org.eclipse.kura.channel;

import static java.util.Objects.requireNonNull;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/** The outcome of an operation on one channel: a flag and, for a failure, a message and the exception if any. */
@ProviderType
public class ChannelStatus {

    private final ChannelFlag channelFlag;
    private final Exception exception;
    private final String exceptionMessage;

    public ChannelStatus(final ChannelFlag channelFlag) {
        this(channelFlag, null, null);
    }

    public ChannelStatus(final ChannelFlag channelFlag, final String exceptionMessage, final Exception exception) {
        requireNonNull(channelFlag, "Driver Flag cannot be null");
        this.channelFlag = channelFlag;
        this.exceptionMessage = exceptionMessage;
        this.exception = exception;
    }

    public ChannelFlag getChannelFlag() {
        return this.channelFlag;
    }

    public Exception getException() {
        return this.exception;
    }

    public String getExceptionMessage() {
        return this.exceptionMessage;
    }

    @Override
    public boolean equals(final Object obj) {
        if (obj == null || obj.getClass() != getClass()) {
            return false;
        }
        ChannelStatus other = (ChannelStatus) obj;
        return this.channelFlag == other.channelFlag && Objects.equals(this.exception, other.exception)
                && Objects.equals(this.exceptionMessage, other.exceptionMessage);
    }

    @Override
    public int hashCode() {
        return Objects.hash(this.channelFlag, this.exception, this.exceptionMessage);
    }

    @Override
    public String toString() {
        return "ChannelStatus [channelFlag=" + this.channelFlag + ", exception=" + this.exception
                + ", exceptionMessage=" + this.exceptionMessage + "]";
    }
}
