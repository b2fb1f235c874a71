package io.coaptree.telemetry.component;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.properties.ConfigurationChange;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.telemetry.cloud.CloudUplink;
import io.coaptree.telemetry.coap.ObserveEndpoint;
import io.coaptree.telemetry.coap.ObservedResources;
import io.coaptree.telemetry.coap.TelemetryFeedResource;
import io.coaptree.telemetry.coap.TelemetryResource;
import io.coaptree.telemetry.options.Destination;
import io.coaptree.telemetry.options.TelemetryOptions;
import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.telemetry.uplink.DirectIntake;
import io.coaptree.telemetry.uplink.IntakeResult;
import io.coaptree.telemetry.uplink.RecordIntake;
import io.coaptree.telemetry.uplink.RecordSink;
import io.coaptree.telemetry.uplink.RootReceiver;
import io.coaptree.telemetry.uplink.TreeUplink;
import io.coaptree.telemetry.uplink.UplinkQueue;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.service.TreeService;

/**
 * The telemetry uplink as a Kura component: takes device data in (POSTs to {@code telemetry.resource.path},
 * notifications of the resources {@code telemetry.lookup} selects in this gateway's Resource Directory) and sends it
 * to {@code telemetry.destination}: up the tree to the root over the gateway's sealed, classed and batching MQTT
 * bus (opened by the tree service), or to the Kura {@link CloudPublisher} that {@code CloudPublisher.target} selects
 * (Kura's cloud-publisher convention: a dynamic, optional reference named {@code CloudPublisher}). On a root gateway
 * it also reads every gateway's telemetry and hands it to its own destination: the cloud, or its feed resource. A
 * configuration that cannot be applied is refused with an ERROR naming the field, and the running one keeps
 * serving.
 */
@Component(name = TelemetryUplink.PID, configurationPid = TelemetryUplink.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + TelemetryUplink.PID)
public class TelemetryUplink implements ConfigurableComponent {

    public static final String PID = "io.coaptree.telemetry.TelemetryUplink";

    private static final Logger LOG = LoggerFactory.getLogger(TelemetryUplink.class);
    /** How often refusals are looked at for the status properties. */
    private static final long STATUS_INTERVAL_MILLIS = 1000;
    /** The PID Kura's configuration service gives a factory component's instance (a CloudPublisher's name). */
    private static final String KURA_SERVICE_PID = "kura.service.pid";

    @Reference(name = "TreeService")
    private TreeService tree;

    @Reference(name = "CoAPServer")
    private CoAPServer server;

    /** Where {@code telemetry.lookup} is looked up; without it nothing is observed (POSTs still work). */
    @Reference(name = "ResourceDirectoryService", cardinality = ReferenceCardinality.OPTIONAL,
            policyOption = ReferencePolicyOption.GREEDY)
    private ResourceDirectoryService rd;

    /**
     * Kura's convention: selected by {@code CloudPublisher.target}, may come and go while the component runs. With
     * its service properties, to tell whether it is the one the running configuration selects (see
     * {@link #selected}).
     */
    @Reference(name = "CloudPublisher", service = CloudPublisher.class, cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    private volatile Map.Entry<Map<String, Object>, CloudPublisher> cloudPublisher;

    // Guarded by this.
    private Map<String, Object> runningProperties = Map.of();
    private final List<AutoCloseable> running = new ArrayList<>();
    private final List<ExtendedResource> resources = new ArrayList<>();
    private ScheduledFuture<?> lookups;
    private RegistrationListener directoryListener;
    private ServiceRegistration<TelemetryStatus> status;
    private String state = "off";
    private String configError;
    /** What the running configuration reports; null while telemetry is off. */
    private RunningStatus runningStatus;
    /** The status properties last registered. */
    private Hashtable<String, Object> publishedStatus;
    private ScheduledFuture<?> statusTicks;

    @Activate
    protected synchronized void activate(BundleContext context, Map<String, Object> properties) {
        status = context.registerService(TelemetryStatus.class, new TelemetryStatus() {
        }, statusProperties());
        TelemetryOptions options = options(properties);
        if (options != null) {
            runningProperties = Map.copyOf(properties);
            start(options);
        }
        publishStatus();
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(runningProperties, properties)) {
            return;
        }
        TelemetryOptions next = options(properties);
        if (next != null) {
            runningProperties = Map.copyOf(properties);
            stop();
            start(next);
        }
        publishStatus();
    }

    @Deactivate
    protected synchronized void deactivate() {
        stop();
        if (status != null) {
            status.unregister();
            status = null;
        }
    }

    private void publishStatus() {
        if (status != null) {
            publishedStatus = statusProperties();
            status.setProperties(publishedStatus);
        }
    }

    private Hashtable<String, Object> statusProperties() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(TelemetryStatus.STATE, state);
        if (configError != null) {
            p.put(TelemetryStatus.CONFIG_ERROR, configError);
        }
        if (runningStatus != null) {
            runningStatus.addTo(p);
        }
        return p;
    }

    /**
     * Counts reach the status from a tick, not per record: a device retrying through an hour-long broker outage then
     * costs one service-property update a second at most, instead of one per refused record.
     */
    private synchronized void publishCountsIfChanged() {
        if (runningStatus != null && !statusProperties().equals(publishedStatus)) {
            publishStatus();
        }
    }

    /**
     * The bound publisher, once it is the one {@code selects} (the running configuration's target) matches. A new
     * target is applied after {@code modified} returns (the Declarative Services specification, 112.5.12): until SCR
     * has bound the new publisher the previous one is still bound, and a record must wait, as it does while no
     * publisher is bound, instead of going to a cloud connection the configuration no longer names.
     */
    private CloudPublisher selected(Filter selects) {
        Map.Entry<Map<String, Object>, CloudPublisher> bound = selectedEntry(selects);
        return bound == null ? null : bound.getValue();
    }

    /** The {@code kura.service.pid} of the publisher {@link #selected} returns, for the status; null while none. */
    private String selectedPid(Filter selects) {
        Map.Entry<Map<String, Object>, CloudPublisher> bound = selectedEntry(selects);
        if (bound == null) {
            return null;
        }
        Object pid = bound.getKey().getOrDefault(KURA_SERVICE_PID, bound.getKey().get(Constants.SERVICE_PID));
        return pid == null ? null : pid.toString();
    }

    private Map.Entry<Map<String, Object>, CloudPublisher> selectedEntry(Filter selects) {
        Map.Entry<Map<String, Object>, CloudPublisher> bound = cloudPublisher;
        return bound != null && (selects == null || selects.matches(bound.getKey())) ? bound : null;
    }

    /** The configuration's {@code CloudPublisher.target}; null when absent or not a filter (SCR then binds none). */
    private static Filter targetOf(Map<String, Object> properties) {
        Object target = properties.get(TelemetryOptions.CLOUD_PUBLISHER_TARGET.id());
        try {
            return target == null ? null : FrameworkUtil.createFilter(target.toString());
        } catch (InvalidSyntaxException e) {
            return null;
        }
    }

    /** The options of a configuration, or null (logged naming the field) if it is refused. */
    private TelemetryOptions options(Map<String, Object> properties) {
        try {
            TelemetryOptions options = TelemetryOptions.fromProperties(properties);
            configError = null;
            return options;
        } catch (InvalidPropertyException e) {
            configError = e.getMessage();
            LOG.error("{}: configuration refused{}: {}", PID, runningProperties.isEmpty()
                    ? ", telemetry is off until it is fixed" : ", the previous one keeps serving", e.getMessage());
            return null;
        }
    }

    private void start(TelemetryOptions options) {
        state = options.enabled() ? "running" : "off";
        if (!options.enabled()) {
            LOG.info("{}: off (telemetry.enabled=false)", PID);
            return;
        }
        boolean root = tree.self().path().isRoot();
        TelemetryCodec codec = new TelemetryCodec(options.recordMaxBytes());
        TreeBus bus = null;
        if (root || options.destination() == Destination.ROOT) {
            // sealed, in class order and batched like every tree message, with the telemetry QoS
            bus = tree.openBus(codec.maxEncodedBytes(), options.qos());
            running.add(bus);
        }
        RecordSink destination;
        CloudUplink cloud = null;
        Supplier<String> cloudPublisherPid = null;
        if (options.destination() == Destination.CLOUD) {
            Filter selects = targetOf(runningProperties);
            cloud = new CloudUplink(() -> selected(selects));
            cloudPublisherPid = () -> selectedPid(selects);
            running.add(cloud);
            destination = cloud;
        } else if (root) {
            TelemetryFeedResource feed = new TelemetryFeedResource(options.feedRecords());
            publish(feed, "");
            destination = feed;
        } else {
            destination = new TreeUplink(bus, codec, tree.topics(), tree.self());
        }
        RecordIntake intake;
        UplinkQueue queue = null;
        if (destination instanceof TreeUplink) {
            // up the tree, records go straight to the gateway's bus, which queues by class and batches
            TreeBus up = bus;
            intake = new DirectIntake(tree.self().text(), destination, c -> treeAdmission(up, c));
        } else {
            queue = new UplinkQueue(tree.self().text(), options.queueCapacity(), destination);
            running.add(0, queue); // stopped before the destination it hands records to
            intake = queue;
        }
        if (root) {
            // a root's destination is never the tree: its records wait in the queue
            RootReceiver receiver = new RootReceiver(tree.topics(), tree.self(), tree::view, codec,
                    queue::offer, options.deliveryClass());
            receiver.start(bus, tree.droppedMessages());
            running.add(receiver::stop);
        }
        if (!options.resourcePath().isEmpty()) {
            String path = options.resourcePath();
            int slash = path.lastIndexOf('/');
            publish(new TelemetryResource(path.substring(slash + 1), intake, options.topic(), options.deliveryClass(),
                    options.recordMaxBytes(), System::currentTimeMillis), slash < 0 ? "" : path.substring(0, slash));
        }
        observe(options, intake);
        runningStatus = new RunningStatus(intake.counters(), queue, cloud, cloudPublisherPid);
        statusTicks = tree.scheduler().scheduleWithFixedDelay(this::publishCountsIfChanged, STATUS_INTERVAL_MILLIS,
                STATUS_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        LOG.info("{}: {} sends its telemetry with {}", PID, tree.self(), options);
    }

    /**
     * Whether the gateway's bus can take a record of this class now. The lean transport keeps no message store: a
     * publish made while the broker is out of reach, or that finds its class's outbound queue full, is lost, so the
     * device must hear 5.03 and send again instead of 2.04.
     */
    private static IntakeResult treeAdmission(TreeBus bus, DeliveryClass deliveryClass) {
        if (!bus.isConnected()) {
            return IntakeResult.NOT_CONNECTED;
        }
        return bus.hasOutboundRoom(deliveryClass) ? IntakeResult.ACCEPTED : IntakeResult.OUTBOUND_FULL;
    }

    private void publish(ExtendedResource resource, String parentPath) {
        if (server.addResource(resource, ExtendedResource.class, parentPath)) {
            resources.add(resource);
        } else {
            LOG.error("{}: /{} is taken by another resource; telemetry through it is unavailable", PID,
                    parentPath.isEmpty() ? resource.getName() : parentPath + "/" + resource.getName());
        }
    }

    private void observe(TelemetryOptions options, RecordIntake queue) {
        if (options.lookup() == null) {
            return;
        }
        ResourceDirectoryService directory = rd;
        if (directory == null) {
            LOG.warn("{}: no Resource Directory on this gateway: nothing is observed for telemetry.lookup", PID);
            return;
        }
        ObserveEndpoint endpoint;
        try {
            endpoint = new ObserveEndpoint(tree.self().name());
        } catch (IOException e) {
            LOG.error("{}: no CoAP client endpoint for Observe ({}): nothing is observed", PID, e.getMessage());
            return;
        }
        running.add(endpoint);
        ObservedResources observed = new ObservedResources(directory, options.lookup(), endpoint.endpoint(), queue,
                options.topic(), options.deliveryClass(), options.maxRelations(), options.recordMaxBytes(),
                System::currentTimeMillis);
        running.add(0, observed); // closed before its endpoint
        // A directory change is looked at soon, once however many changes come in a burst.
        AtomicBoolean pending = new AtomicBoolean();
        directoryListener = event -> {
            if (pending.compareAndSet(false, true)) {
                tree.scheduler().schedule(() -> {
                    pending.set(false);
                    refresh(observed);
                }, 200, TimeUnit.MILLISECONDS);
            }
        };
        directory.addListener(directoryListener);
        lookups = tree.scheduler().scheduleWithFixedDelay(() -> refresh(observed), 0,
                options.lookupIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /** Runs on the tree's scheduler: a failure is logged and the next lookup tries again. */
    private static void refresh(ObservedResources observed) {
        try {
            observed.refresh();
        } catch (RuntimeException e) {
            LOG.warn("{}: looking up the observed resources failed", PID, e);
        }
    }

    private void stop() {
        if (statusTicks != null) {
            statusTicks.cancel(false);
            statusTicks = null;
        }
        runningStatus = null;
        if (lookups != null) {
            lookups.cancel(false);
            lookups = null;
        }
        if (directoryListener != null && rd != null) {
            rd.removeListener(directoryListener);
        }
        directoryListener = null;
        for (ExtendedResource resource : resources) {
            server.removeResource(resource, ExtendedResource.class);
        }
        resources.clear();
        for (AutoCloseable c : running) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("{}: stopping failed", PID, e);
            }
        }
        running.clear();
    }
}
