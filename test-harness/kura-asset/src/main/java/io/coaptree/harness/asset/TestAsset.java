package io.coaptree.harness.asset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.listener.ChannelListener;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.core.configuration.metatype.Tad;
import org.eclipse.kura.driver.Driver;
import org.eclipse.kura.driver.PreparedRead;
import org.eclipse.kura.type.TypedValues;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.util.tracker.ServiceTracker;

/**
 * An asset driving a Kura driver the way Kura's asset provider does (Kura's {@code BaseAsset}/{@code DriverState}):
 * it tracks the driver whose {@code kura.service.pid} is its {@code driver.pid}; when the driver comes it prepares
 * one read of all readable channels on its configuration thread (a driver that cannot prepare gets plain reads);
 * reads and writes run on an I/O pool of one to five threads and the caller waits for them; listeners are attached
 * and detached on the configuration thread with the channel's configuration; it never calls {@code connect}.
 * The test calls the public methods by reflection; they take and return JDK types only.
 */
@Component(name = TestAsset.PID, configurationPid = TestAsset.PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        immediate = true,
        service = { TestAsset.class, ConfigurableComponent.class })
public class TestAsset implements ConfigurableComponent {

    public static final String PID = "io.coaptree.harness.asset.TestAsset";
    private static final long WAIT_SECONDS = 60;

    private final ExecutorService io = new ThreadPoolExecutor(1, 5, 60L, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    private final ExecutorService config = new ThreadPoolExecutor(0, 1, 60L, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>());
    private final Map<String, Listener> listeners = new HashMap<>();
    private volatile Map<String, AssetChannel> channels;
    private String driverPid;
    private ServiceTracker<Driver, Driver> tracker;
    private volatile Driver driver;
    private volatile PreparedRead preparedRead;
    private final List<String> attachRefusals = new CopyOnWriteArrayList<>();

    /** A listener per channel: keeps the events it got, as the test's window on Wires. */
    private static final class Listener implements ChannelListener {
        final AssetChannel channel;
        final List<Map<String, Object>> events = new CopyOnWriteArrayList<>();

        Listener(AssetChannel channel) {
            this.channel = channel;
        }

        @Override
        public void onChannelEvent(org.eclipse.kura.channel.listener.ChannelEvent event) {
            events.add(AssetChannel.describe(event.getChannelRecord()));
        }
    }

    @Activate
    void activate(Map<String, Object> properties) throws InvalidSyntaxException {
        channels = AssetChannel.parse(properties);
        openTracker(properties);
    }

    /**
     * As Kura's {@code BaseAsset.updated}: the configuration is taken without going away (Kura's ConfigurationService
     * writes it back when the asset registers); the prepared read and the listeners are made again for the channels.
     */
    @Modified
    void modified(Map<String, Object> properties) throws InvalidSyntaxException {
        Map<String, AssetChannel> next = AssetChannel.parse(properties);
        String driverPid = String.valueOf(properties.get(Driver.DRIVER_PID_PROPERTY_NAME));
        if (next.equals(channels) && driverPid.equals(this.driverPid)) {
            return;
        }
        tracker.close();
        await(config.submit(() -> {
            detach();
            channels = next;
            return null;
        }));
        openTracker(properties);
    }

    private void openTracker(Map<String, Object> properties) throws InvalidSyntaxException {
        driverPid = String.valueOf(properties.get(Driver.DRIVER_PID_PROPERTY_NAME));
        BundleContext context = FrameworkUtil.getBundle(TestAsset.class).getBundleContext();
        Filter filter = context.createFilter("(&(objectClass=" + Driver.class.getName() + ")(kura.service.pid="
                + driverPid + "))");
        tracker = new ServiceTracker<>(context, filter, null) {
            @Override
            public Driver addingService(ServiceReference<Driver> reference) {
                Driver added = super.addingService(reference);
                config.execute(() -> attach(added));
                return added;
            }

            @Override
            public void removedService(ServiceReference<Driver> reference, Driver removed) {
                config.execute(TestAsset.this::detach);
                super.removedService(reference, removed);
            }
        };
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        tracker.close();
        await(config.submit(() -> {
            detach();
            return null;
        }));
        io.shutdownNow();
        config.shutdownNow();
    }

    private synchronized void attach(Driver added) {
        driver = added;
        List<ChannelRecord> reads = new ArrayList<>();
        channels.values().stream().filter(c -> c.enabled() && c.readable()).forEach(c -> reads.add(c.readRecord()));
        try {
            preparedRead = reads.isEmpty() ? null : added.prepareRead(reads);
        } catch (Exception e) {
            preparedRead = null; // Kura's DriverState: a driver that cannot prepare gets plain reads
        }
        listeners.values().forEach(this::register);
    }

    private synchronized void detach() {
        if (preparedRead != null) {
            try {
                preparedRead.close();
            } catch (Exception e) {
                // as Kura: logged there, nothing to do here
            }
            preparedRead = null;
        }
        Driver gone = driver;
        driver = null;
        if (gone != null) {
            listeners.values().forEach(l -> {
                try {
                    gone.unregisterChannelListener(l);
                } catch (Exception e) {
                    // the driver went away
                }
            });
        }
    }

    private void register(Listener listener) {
        try {
            driver.registerChannelListener(listener.channel.config(), listener);
        } catch (Exception e) {
            attachRefusals.add(listener.channel.name() + ": " + e.getMessage()); // Kura logs "Failed to register"
        }
    }

    /** @return whether the driver is attached (tests wait for it) */
    public boolean attached() {
        return driver != null;
    }

    /** @return the ids of the driver's channel columns, as the WebUI's channel table shows them */
    @SuppressWarnings("unchecked")
    public List<String> channelColumns() {
        List<String> ids = new ArrayList<>();
        ((List<Tad>) requireDriver().getChannelDescriptor().getDescriptor()).forEach(tad -> ids.add(tad.getId()));
        return ids;
    }

    /** As Kura's {@code readAllChannels}: the prepared read if there is one, else a read of every readable channel. */
    public List<Map<String, Object>> readAll() {
        Driver current = requireDriver();
        List<ChannelRecord> records = await(io.submit(() -> {
            PreparedRead prepared = preparedRead;
            if (prepared != null) {
                return prepared.execute();
            }
            List<ChannelRecord> reads = new ArrayList<>();
            channels.values().stream().filter(AssetChannel::readable).forEach(c -> reads.add(c.readRecord()));
            current.read(reads);
            return reads;
        }));
        List<Map<String, Object>> described = new ArrayList<>();
        records.forEach(r -> described.add(AssetChannel.describe(r)));
        return described;
    }

    /** As Kura's {@code write}: a value parsed as the channel's type, written on the I/O pool. */
    public Map<String, Object> write(String channelName, String value) {
        Driver current = requireDriver();
        AssetChannel channel = channels.get(channelName);
        if (channel == null || !channel.writable()) {
            throw new IllegalArgumentException("Channel type not within expected types (WRITE or READ_WRITE)");
        }
        ChannelRecord record = channel.writeRecord(TypedValues.parseTypedValue(channel.valueType(), value));
        await(io.submit(() -> {
            current.write(List.of(record));
            return null;
        }));
        return AssetChannel.describe(record);
    }

    /** As Kura's {@code registerChannelListener}: attached on the configuration thread. */
    public synchronized void listen(String channelName) {
        AssetChannel channel = channels.get(channelName);
        if (channel == null) {
            throw new IllegalArgumentException("Channel not found");
        }
        Listener listener = listeners.computeIfAbsent(channelName, n -> new Listener(channel));
        await(config.submit(() -> {
            if (driver != null) {
                register(listener);
            }
            return null;
        }));
    }

    /** As Kura's {@code unregisterChannelListener}, on the configuration thread. */
    public synchronized void unlisten(String channelName) {
        Listener listener = listeners.remove(channelName);
        if (listener != null) {
            await(config.submit(() -> {
                if (driver != null) {
                    driver.unregisterChannelListener(listener);
                }
                return null;
            }));
        }
    }

    /** @return the events the channel's listener got, oldest first */
    public synchronized List<Map<String, Object>> events(String channelName) {
        Listener listener = listeners.get(channelName);
        return listener == null ? List.of() : new ArrayList<>(listener.events);
    }

    /** @return why the driver refused listeners, {@code channel: message} */
    public List<String> attachRefusals() {
        return Collections.unmodifiableList(new ArrayList<>(attachRefusals));
    }

    private Driver requireDriver() {
        Driver current = driver;
        if (current == null) {
            throw new IllegalStateException("Driver not attached");
        }
        return current;
    }

    private static <T> T await(java.util.concurrent.Future<T> future) {
        try {
            return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
