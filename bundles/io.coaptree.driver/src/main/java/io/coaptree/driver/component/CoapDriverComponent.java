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
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.driver.coap.ServerPort;
import io.coaptree.driver.kura.CoapDriver;
import io.coaptree.driver.options.DriverOptions;
import io.coaptree.properties.InvalidPropertyException;

/**
 * A CoAPTree driver instance, as Kura's drivers are: an immediate factory component (Designate factoryPid,
 * configuration required; immediate, so an asset letting go of the service does not stop its relations) registered as {@link Driver} and {@link ConfigurableComponent}, so each instance an operator creates
 * under Drivers and Assets (or a snapshot brings) is a driver Kura's assets pick by its {@code kura.service.pid}.
 * A changed configuration is taken without going away ({@link #modified}): Kura writes an instance's configuration
 * back when it registers, and an asset whose driver went away would lose its listeners.
 */
@Component(name = DriverOptions.PID, configurationPid = DriverOptions.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = { Driver.class, ConfigurableComponent.class })
public class CoapDriverComponent implements Driver, ConfigurableComponent {

    private static final Logger LOG = LoggerFactory.getLogger(CoapDriverComponent.class);

    @Reference
    private CoAPServer server;

    private CoapDriver driver;
    private DriverOptions options;

    @Activate
    void activate(Map<String, Object> properties) {
        options = DriverOptions.fromProperties(properties);
        Object pid = properties.getOrDefault("kura.service.pid", properties.get("service.pid"));
        driver = new CoapDriver(port(options), options, "CoapDriver-" + pid);
        LOG.info("CoAP driver {} started, calling as {}", pid, options.identity().isEmpty() ? "anonymous" : caller(options));
    }

    /** A refused configuration keeps the running one (Kura shows the refusal, naming the field, in its log). */
    @Modified
    void modified(Map<String, Object> properties) {
        DriverOptions next;
        try {
            next = DriverOptions.fromProperties(properties);
        } catch (InvalidPropertyException e) {
            LOG.warn("CoAP driver {}: configuration refused, keeping the running one: {}",
                    properties.get("kura.service.pid"), e.getMessage());
            return;
        }
        if (!next.equals(options)) {
            options = next;
            driver.reconfigure(port(next), next);
            LOG.info("CoAP driver {} reconfigured, calling as {}", properties.get("kura.service.pid"),
                    next.identity().isEmpty() ? "anonymous" : caller(next));
        }
    }

    private ServerPort port(DriverOptions settings) {
        return new ServerPort(server, caller(settings));
    }

    private static PeerIdentity caller(DriverOptions settings) {
        return settings.identity().isEmpty() ? null : new PeerIdentity(PeerIdentity.KURA, settings.identity());
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
