package org.eclipse.kura.driver;

import java.util.List;
import java.util.Map;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.listener.ChannelListener;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A field protocol as Kura's assets use it. The asset provider hands each call the channel configuration in the
 * records (or the map, for listeners); a driver reports per-record outcomes in their {@code ChannelStatus} and throws
 * {@link ConnectionException} only when it cannot talk to its field at all.
 */
@ProviderType
public interface Driver {

    /** Property of an asset's configuration naming the {@code kura.service.pid} of the driver it uses. */
    public static final String DRIVER_PID_PROPERTY_NAME = "driver.pid";

    /** The driver could not reach its field (connect failed, link lost). */
    public final class ConnectionException extends Exception {

        private static final long serialVersionUID = 3050873377900124238L;

        public ConnectionException() {
            super();
        }

        public ConnectionException(final String messsage) {
            super(messsage);
        }

        public ConnectionException(final String message, final Throwable cause) {
            super(message, cause);
        }

        public ConnectionException(final Throwable cause) {
            super(cause);
        }
    }

    public void connect() throws ConnectionException;

    public void disconnect() throws ConnectionException;

    public ChannelDescriptor getChannelDescriptor();

    public void read(List<ChannelRecord> records) throws ConnectionException;

    public void registerChannelListener(Map<String, Object> channelConfig, ChannelListener listener)
            throws ConnectionException;

    public void unregisterChannelListener(ChannelListener listener) throws ConnectionException;

    public void write(List<ChannelRecord> records) throws ConnectionException;

    public PreparedRead prepareRead(List<ChannelRecord> records);
}
