package io.coaptree.driver.kura;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.listener.ChannelEvent;
import org.eclipse.kura.channel.listener.ChannelListener;
import org.eclipse.kura.driver.ChannelDescriptor;
import org.eclipse.kura.driver.Driver;
import org.eclipse.kura.driver.PreparedRead;
import org.eclipse.kura.type.DataType;

import io.coaptree.driver.calls.ChannelCalls;
import io.coaptree.driver.calls.CoapPort;
import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.observe.Subscriptions;
import io.coaptree.driver.options.DriverOptions;
import io.coaptree.properties.InvalidPropertyException;

/**
 * Kura's {@link Driver} for CoAP resources. Kura's asset provider calls it from its own threads (reads and writes
 * from an I/O pool of up to five, listener changes from one configuration thread; it never calls {@link #connect}
 * itself): every method is thread-safe, reads and writes block their caller until every record has an outcome,
 * at most the request timeout, and a record's failure is its status, never an exception. There is nothing to connect
 * to: the gateway's own CoAP server runs the requests.
 */
public final class CoapDriver implements Driver, AutoCloseable {

    private volatile ChannelCalls calls;
    private final Subscriptions subscriptions;
    private final ScheduledExecutorService scheduler;
    private final ChannelDescriptor descriptor = new CoapChannelDescriptor();

    /**
     * @param port the gateway's server, as the instance's identity
     * @param options the instance's settings
     * @param threadName the name of the instance's one thread (polls, retries, listener delivery)
     */
    public CoapDriver(CoapPort port, DriverOptions options, String threadName) {
        this.calls = new ChannelCalls(port, options.requestTimeoutMillis(), options.maxInFlight());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, threadName);
            thread.setDaemon(true);
            return thread;
        });
        this.subscriptions = new Subscriptions(port, calls, scheduler, options.observeRetryMillis());
    }

    @Override
    public void connect() {
        // requests go to the gateway's own server: nothing to open
    }

    @Override
    public void disconnect() {
        // see connect
    }

    @Override
    public ChannelDescriptor getChannelDescriptor() {
        return descriptor;
    }

    @Override
    public void read(List<ChannelRecord> records) {
        new CoapPreparedRead(this::calls, records).execute();
    }

    @Override
    public PreparedRead prepareRead(List<ChannelRecord> records) {
        return new CoapPreparedRead(this::calls, records);
    }

    @Override
    public void write(List<ChannelRecord> records) {
        List<ChannelRecord> writing = new ArrayList<>();
        List<CompletableFuture<Outcome>> writes = new ArrayList<>();
        for (ChannelRecord record : records) {
            try {
                if (record.getValue() == null) {
                    throw new InvalidPropertyException("value", "a write record needs a value");
                }
                ChannelSettings channel = KuraRecords.settingsOf(record);
                writes.add(calls().write(channel, KuraRecords.javaValue(record.getValue())));
                writing.add(record);
            } catch (InvalidPropertyException e) {
                KuraRecords.refuse(record, e);
            }
        }
        for (int i = 0; i < writing.size(); i++) {
            KuraRecords.fill(writing.get(i), writes.get(i).join()); // each completes within the request timeout
        }
    }

    /**
     * Starts (or joins) the channel's Observe relation or poll; events reach {@code listener} on the instance's
     * thread, the first with the current value.
     *
     * @throws InvalidPropertyException naming the column, for a channel configuration the driver refuses
     */
    @Override
    public void registerChannelListener(Map<String, Object> channelConfig, ChannelListener listener) {
        ChannelSettings channel = ChannelSettings.from(channelConfig, null);
        DataType type = DataType.valueOf(channel.valueType().name());
        Map<String, Object> config = new HashMap<>(channelConfig);
        subscriptions.add(listener, channel, outcome -> {
            ChannelRecord record = ChannelRecord.createReadRecord(channel.name(), type);
            record.setChannelConfig(config);
            KuraRecords.fill(record, outcome);
            listener.onChannelEvent(new ChannelEvent(record));
        });
    }

    /** Removes the listener from every channel; a relation nobody listens to any more is cancelled. */
    @Override
    public void unregisterChannelListener(ChannelListener listener) {
        subscriptions.remove(listener);
    }

    /**
     * Takes a changed configuration without going away (Kura writes an instance's configuration back when it
     * registers, and its assets would otherwise lose their listeners): later calls, prepared reads included, use the
     * new port and settings, and every listener's relation is registered again through them.
     */
    public synchronized void reconfigure(CoapPort port, DriverOptions options) {
        calls = new ChannelCalls(port, options.requestTimeoutMillis(), options.maxInFlight());
        subscriptions.reconfigure(port, calls, options.observeRetryMillis());
    }

    private ChannelCalls calls() {
        return calls;
    }

    /** @return how many Observe relations and polls run for listeners */
    public int feedCount() {
        return subscriptions.feedCount();
    }

    /** Ends every relation and poll and the instance's thread. */
    @Override
    public void close() {
        subscriptions.close();
        scheduler.shutdownNow();
    }
}
