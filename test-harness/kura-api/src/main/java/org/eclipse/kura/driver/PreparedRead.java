package org.eclipse.kura.driver;

import java.util.List;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.driver.Driver.ConnectionException;
import org.osgi.annotation.versioning.ProviderType;

/** A read of a fixed set of records that a driver may prepare once and run many times (Kura's asset keeps one). */
@ProviderType
public interface PreparedRead extends AutoCloseable {

    public List<ChannelRecord> execute() throws ConnectionException, KuraException;

    public List<ChannelRecord> getChannelRecords();
}
