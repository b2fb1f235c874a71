package io.coaptree.remotequery.component;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.data.DataTransportService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.codec.CodecLimits;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.remotequery.coap.OwnOrigins;
import io.coaptree.remotequery.coap.ServerDirectory;
import io.coaptree.remotequery.coap.ServerLocalExecutor;
import io.coaptree.remotequery.coap.TreeResource;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.node.RemoteQueryOptions;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.remotequery.sync.RdSync;
import io.coaptree.tree.options.InvalidOptionException;
import io.coaptree.tree.protocol.TreeHandler;
import io.coaptree.tree.service.TreeService;
import io.coaptree.tree.transport.DataTransportMessageBus;
import io.coaptree.properties.ConfigurationChange;

/**
 * The design's RQ as a Kura component: publishes {@code /tree} and {@code /tree-lookup} on the gateway's CoAP server
 * and runs the {@link RemoteQueryNode} over the MQTT transport that {@code DataTransportService.target} selects,
 * ticking on the tree's one scheduler. Starts when the tree handler of this gateway is configured.
 */
@Component(name = RemoteQuery.PID, configurationPid = RemoteQuery.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + RemoteQuery.PID)
public class RemoteQuery implements ConfigurableComponent {

    public static final String PID = "io.coaptree.remotequery.RemoteQuery";

    private static final Logger LOG = LoggerFactory.getLogger(RemoteQuery.class);

    /** Static: a new target filter means a new instance. */
    @Reference(name = "DataTransportService", target = "(kura.service.pid=io.coaptree.mqtt.LeanMqttDataTransport)")
    private DataTransportService transport;

    @Reference(name = "TreeService")
    private TreeService tree;

    @Reference(name = "CoAPServer")
    private CoAPServer server;

    // Guarded by this.
    private DataTransportMessageBus bus;
    private RemoteQueryNode node;
    private RdSync sync;
    private ServerDirectory directory;
    private ScheduledFuture<?> ticks;
    private List<TreeResource> resources = List.of();

    /** The properties of the last configuration applied. */
    private Map<String, Object> runningProperties = Map.of();

    @Activate
    protected synchronized void activate(Map<String, Object> properties) {
        configure(properties);
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(runningProperties, properties)) {
            return;
        }
        stop();
        configure(properties);
    }

    @Deactivate
    protected synchronized void deactivate() {
        stop();
    }

    private void configure(Map<String, Object> properties) {
        runningProperties = Map.copyOf(properties);
        RemoteQueryOptions options;
        CodecLimits codecLimits;
        try {
            options = RemoteQueryOptions.fromProperties(properties);
            codecLimits = CodecLimits.fromProperties(properties);
        } catch (InvalidOptionException e) {
            LOG.error("{}: configuration refused, remote queries are off: {}: {}", PID, e.field(), e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            // CodecLimits names the property in its message
            LOG.error("{}: configuration refused, remote queries are off: {}", PID, e.getMessage());
            return;
        }
        TreeHandler handler = tree.handler();
        bus = new DataTransportMessageBus(transport, tree.scheduler());
        OwnOrigins ownOrigins = new OwnOrigins(server);
        if (options.syncEnabled()) {
            directory = new ServerDirectory(server::execute, handler.self(), ownOrigins::origin,
                    options.syncRegistrationLifetimeSeconds(), options.syncMaxLinks(), options.syncMaxLinks());
            sync = new RdSync(handler.self(), handler::view, handler.topics(), options, Clock.systemUTC(), directory,
                    directory, ownOrigins);
            directory.observe(sync::localChanged);
            sync.start(bus);
            bus.onConnected(sync::reconnected);
        }
        RdSync s = sync;
        node = new RemoteQueryNode(handler.self(), handler::view, handler.topics(), new EnvelopeCodec(codecLimits),
                new ServerLocalExecutor(server::execute), options, Clock.systemUTC(), ownOrigins,
                s == null ? child -> false : s::holds);
        node.start(bus);
        RemoteQueryNode n = node;
        long tick = handler.options().tickIntervalMillis();
        ticks = tree.scheduler().scheduleWithFixedDelay(() -> {
            try {
                n.tick();
                if (s != null) {
                    s.tick();
                }
            } catch (RuntimeException e) {
                LOG.warn("{}: tick failed", PID, e);
            }
        }, tick, tick, TimeUnit.MILLISECONDS);
        resources = List.of(new TreeResource(TreeUri.RESOURCE_PREFIX, node),
                new TreeResource(TreeUri.LOOKUP_PREFIX, node));
        for (TreeResource resource : resources) {
            if (!server.addResource(resource, ExtendedResource.class)) {
                LOG.error("{}: /{} is taken by another resource; remote queries through it are unavailable", PID,
                        resource.getName());
            }
        }
        LOG.info("{}: {} serves /{} and /{} with {}", PID, handler.self(), TreeUri.RESOURCE_PREFIX,
                TreeUri.LOOKUP_PREFIX, options);
    }

    private void stop() {
        for (TreeResource resource : resources) {
            server.removeResource(resource, ExtendedResource.class);
            resource.close();
        }
        resources = List.of();
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
        if (node != null) {
            node.stop();
            node = null;
        }
        if (sync != null) {
            sync.stop();
            sync = null;
        }
        if (directory != null) {
            directory.close();
            directory = null;
        }
        if (bus != null) {
            bus.close();
            bus = null;
        }
    }
}
