package io.coaptree.remotequery.component;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.codec.CodecLimits;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.remotequery.coap.NodeIdentity;
import io.coaptree.remotequery.coap.OwnOrigins;
import io.coaptree.remotequery.coap.QueryClasses;
import io.coaptree.remotequery.coap.ResourceDirectoryLookups;
import io.coaptree.remotequery.coap.ServerLocalExecutor;
import io.coaptree.remotequery.coap.TreeResource;
import io.coaptree.remotequery.coap.TreeStatsResource;
import io.coaptree.remotequery.lookup.LocalLookups;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.remotequery.sync.RdSync;
import io.coaptree.remotequery.sync.ServiceDirectory;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.service.TreeService;
import io.coaptree.properties.ConfigurationChange;

/**
 * RQ (docs/design.md) as a Kura component: publishes {@code /tree} and {@code /tree-lookup} on the gateway's CoAP server
 * and runs the {@link RemoteQueryNode} over the bus the tree service opens (sealed, in the gateway's class queues,
 * batched), ticking on the tree's one scheduler. Starts when the tree handler of this gateway is configured. RD
 * synchronisation keeps the children's sets in this gateway's Resource Directory, and lookups from the tree read its
 * part there, both through the directory's Java service (no CoAP request to the gateway's own directory; a lookup's
 * caller still meets the server's access policy and the directory's lookup settings). A
 * configuration that cannot be applied is refused with an ERROR naming the field, and the running configuration
 * keeps serving.
 */
@Component(name = RemoteQuery.PID, configurationPid = RemoteQuery.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + RemoteQuery.PID)
public class RemoteQuery implements ConfigurableComponent {

    public static final String PID = RemoteQueryOptions.PID;

    private static final Logger LOG = LoggerFactory.getLogger(RemoteQuery.class);

    @Reference(name = "TreeService")
    private TreeService tree;

    @Reference(name = "CoAPServer")
    private CoAPServer server;

    /**
     * The gateway's Resource Directory, where RD synchronisation keeps the children's sets and lookups from the tree
     * read this gateway's part. Optional: without it (a gateway whose directory is not configured) remote queries run
     * and lookups fan out; greedy, so the component starts again with the directory once it comes.
     */
    @Reference(name = "ResourceDirectoryService", cardinality = ReferenceCardinality.OPTIONAL,
            policyOption = ReferencePolicyOption.GREEDY)
    private ResourceDirectoryService rd;

    // Guarded by this.
    private TreeBus bus;
    private RemoteQueryNode node;
    private RdSync sync;
    private ServiceDirectory directory;
    private ScheduledFuture<?> ticks;
    private List<ExtendedResource> resources = List.of();

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
        Settings next = settings(properties);
        if (next == null) {
            return;
        }
        runningProperties = Map.copyOf(properties);
        stop();
        start(next);
    }

    @Deactivate
    protected synchronized void deactivate() {
        stop();
    }

    private void configure(Map<String, Object> properties) {
        Settings settings = settings(properties);
        if (settings != null) {
            runningProperties = Map.copyOf(properties);
            start(settings);
        }
    }

    /** The options of a configuration, or null (logged naming the field) if it is refused. */
    private Settings settings(Map<String, Object> properties) {
        try {
            return new Settings(RemoteQueryOptions.fromProperties(properties), CodecLimits.fromProperties(properties));
        } catch (InvalidPropertyException e) {
            LOG.error("{}: configuration refused{}: {}", PID,
                    node == null ? ", remote queries are off until it is fixed" : ", the previous one keeps serving",
                    e.getMessage());
            return null;
        }
    }

    private record Settings(RemoteQueryOptions options, CodecLimits codecLimits) {
    }

    private void start(Settings settings) {
        RemoteQueryOptions options = settings.options();
        // Envelopes to a busy next hop share one seal; RD synchronisation (large, ordered) is not batched.
        bus = tree.openBus(settings.codecLimits().maxEncodedBytes());
        QueryClasses classes = QueryClasses.of(server, tree.defaultDeliveryClass() == DeliveryClass.URGENT);
        OwnOrigins ownOrigins = new OwnOrigins(server);
        if (options.syncEnabled() && rd == null) {
            LOG.warn("{}: no Resource Directory on this gateway: RD synchronisation is off, lookups fan out", PID);
        } else if (options.syncEnabled()) {
            directory = new ServiceDirectory(rd, NodeIdentity.of(tree.self()).toString(), ownOrigins::origin,
                    options.syncRegistrationLifetimeSeconds(), options.syncMaxLinks());
            sync = new RdSync(tree.self(), tree::view, tree.topics(), options, Clock.systemUTC(), directory,
                    directory, ownOrigins);
            directory.observe(sync::localChanged);
            sync.start(bus.unbatched(), tree.droppedMessages());
            bus.onConnected(sync::reconnected);
        }
        RdSync s = sync;
        node = RemoteQueryNode.builder(tree.self(), tree::view, tree.topics(),
                new ServerLocalExecutor(tree.self().text(), server::execute, classes), options, Clock.systemUTC())
                .codec(new EnvelopeCodec(settings.codecLimits())).ownOrigin(ownOrigins)
                .synced(s == null ? child -> false : s::holds).security(tree.security())
                .localLookups(rd == null ? LocalLookups.NONE : new ResourceDirectoryLookups(tree.self().text(), rd, server)).build();
        node.start(bus, tree.droppedMessages());
        RemoteQueryNode n = node;
        long tick = tree.tickIntervalMillis();
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
        resources = List.of(new TreeResource(TreeUri.RESOURCE_PREFIX, node, classes),
                new TreeResource(TreeUri.LOOKUP_PREFIX, node, classes),
                new TreeStatsResource(tree.droppedMessages(), n::admissionRefusedCount, tree::joinStatus));
        for (ExtendedResource resource : resources) {
            if (!server.addResource(resource, ExtendedResource.class)) {
                LOG.error("{}: /{} is taken by another resource; remote queries through it are unavailable", PID,
                        resource.getName());
            }
        }
        LOG.info("{}: {} serves /{}, /{} and /{} with {}", PID, tree.self(), TreeUri.RESOURCE_PREFIX,
                TreeUri.LOOKUP_PREFIX, TreeStatsResource.NAME, options);
    }

    private void stop() {
        for (ExtendedResource resource : resources) {
            server.removeResource(resource, ExtendedResource.class);
            if (resource instanceof TreeResource t) {
                t.close();
            }
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
