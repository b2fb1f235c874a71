package io.coaptree.driver.component;

import java.util.List;
import java.util.Map;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.listener.ChannelListener;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.driver.ChannelDescriptor;
import org.eclipse.kura.driver.Driver;
import org.eclipse.kura.driver.PreparedRead;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.driver.coap.ServerPort;
import io.coaptree.driver.kura.CoapDriver;
import io.coaptree.driver.options.DriverOptions;

/**
 * A CoAPTree driver instance, as Kura's drivers are: an immediate factory component (Designate factoryPid,
 * configuration required; immediate, so an asset letting go of the service does not stop its relations) registered as {@link Driver} and {@link ConfigurableComponent}, so each instance an operator creates
 * under Drivers and Assets (or a snapshot brings) is a driver Kura's assets pick by its {@code kura.service.pid}.
 * A changed configuration restarts the instance (no modified method): Kura's assets see the driver go and come
 * back, and register their listeners again, as they do for Kura's own drivers.
 */
@Component(name = DriverOptions.PID, configurationPid = DriverOptions.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = { Driver.class, ConfigurableComponent.class })
public class CoapDriverComponent implements Driver, ConfigurableComponent {

    private static final Logger LOG = LoggerFactory.getLogger(CoapDriverComponent.class);

    @Reference
    private CoAPServer server;

    private CoapDriver driver;

    @Activate
    void activate(Map<String, Object> properties) {
        DriverOptions options = DriverOptions.fromProperties(properties);
        Object pid = properties.getOrDefault("kura.service.pid", properties.get("service.pid"));
        PeerIdentity identity = options.identity().isEmpty() ? null
                : new PeerIdentity(PeerIdentity.KURA, options.identity());
        driver = new CoapDriver(new ServerPort(server, identity), options, "CoapDriver-" + pid);
        LOG.info("CoAP driver {} started, calling as {}", pid, identity == null ? "anonymous" : identity);
    }

    @Deactivate
    void deactivate() {
        driver.close();
    }

    @Override
    public void connect() {
        driver.connect();
    }

    @Override
    public void disconnect() {
        driver.disconnect();
    }

    @Override
    public ChannelDescriptor getChannelDescriptor() {
        return driver.getChannelDescriptor();
    }

    @Override
    public void read(List<ChannelRecord> records) {
        driver.read(records);
    }

    @Override
    public void registerChannelListener(Map<String, Object> channelConfig, ChannelListener listener) {
        driver.registerChannelListener(channelConfig, listener);
    }

    @Override
    public void unregisterChannelListener(ChannelListener listener) {
        driver.unregisterChannelListener(listener);
    }

    @Override
    public void write(List<ChannelRecord> records) {
        driver.write(records);
    }

    @Override
    public PreparedRead prepareRead(List<ChannelRecord> records) {
        return driver.prepareRead(records);
    }
}
