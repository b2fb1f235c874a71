package io.coaptree.tree.component;

import java.time.Clock;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.security.keystore.KeystoreService;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
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

import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.JoinStatus;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.options.BrokerNames;
import io.coaptree.tree.options.DeliveryOptions;
import io.coaptree.tree.options.SecurityOptions;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.protocol.MembershipListener;
import io.coaptree.tree.protocol.MembershipProtocol;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.service.TreeService;
import io.coaptree.tree.topics.TreeTopics;
import io.coaptree.tree.transport.GatewayBuses;
import io.coaptree.properties.ConfigurationChange;

/**
 * CoAPTreeHandler (docs/design.md) as a Kura component: joins this gateway to the tree over the MQTT transport that
 * {@code DataTransportService.target} selects, ticks the {@link MembershipProtocol} on the gateway's one scheduler
 * and registers a {@link TreeService} whose properties follow the membership and which opens the other bundles'
 * buses to the tree ({@link GatewayBuses}: the same transport, delivery and seal). A configuration that cannot be
 * applied is refused with an ERROR naming the field; the running configuration keeps serving (a gateway refused at
 * its first configuration stays out of the tree until it is fixed).
 */
@Component(name = CoAPTreeHandler.PID, configurationPid = CoAPTreeHandler.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + CoAPTreeHandler.PID)
public class CoAPTreeHandler implements ConfigurableComponent {

    public static final String PID = TreeOptions.PID;

    private static final Logger LOG = LoggerFactory.getLogger(CoAPTreeHandler.class);

    private DataTransportService transport;
    private Map<String, Object> transportProperties = Map.of();

    private BundleContext context;
    private ScheduledExecutorService scheduler;
    /** One per gateway, so the counts survive a reconfiguration; its rate limit follows the configuration. */
    private DroppedMessages droppedMessages;
    /** The refusal total last published on the service; guarded by this. */
    private long publishedRefusals;
    private MembershipProtocol.State publishedState;
    private long publishedCoalesced;
    // Guarded by this.
    private MembershipProtocol protocol;
    private TreeBus membershipBus;
    private GatewayDelivery delivery;
    private ScheduledFuture<?> ticks;
    private ServiceRegistration<TreeService> registration;
    private boolean started;
    /** Why the last configuration was refused (published as {@link TreeService#CONFIG_ERROR}); null if it was not. */
    private String refusal;

    /** The properties of the last configuration applied; guarded by this. */
    private Map<String, Object> runningProperties = Map.of();

    /** Static: a new target filter ({@link TreeOptions#TRANSPORT_TARGET}) means a new instance. */
    @Reference(name = "DataTransportService", target = TreeOptions.LEAN_MQTT_TRANSPORT)
    protected void bindDataTransportService(DataTransportService service, Map<String, Object> properties) {
        transport = service;
        transportProperties = Map.copyOf(properties);
    }

    /**
     * The Kura keystore with this gateway's tree key and the tree's CA (named like Kura's own keystore pickers, so
     * the WebUI offers the gateway's keystores); optional, needed in signature mode only. Static and greedy: a
     * keystore picked later restarts the tree with it.
     */
    @Reference(name = "KeystoreService", cardinality = ReferenceCardinality.OPTIONAL,
            policyOption = ReferencePolicyOption.GREEDY, target = SecurityOptions.KURA_SSL_KEYSTORE)
    private volatile KeystoreService keystore;

    /** Decrypts the tree secret (a Password setting, stored encrypted by Kura). */
    @Reference(name = "CryptoService")
    private CryptoService crypto;

    @Activate
    protected synchronized void activate(BundleContext bundleContext, Map<String, Object> properties) {
        context = bundleContext;
        droppedMessages = new DroppedMessages(Clock.systemUTC(), TreeOptions.REFUSAL_WARN_INTERVAL.defaultValue());
        scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread t = new Thread(task, "coaptree-tree");
            t.setDaemon(true);
            return t;
        });
        configure(properties);
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(runningProperties, properties)) {
            return;
        }
        Settings next = settings(properties);
        if (next == null) {
            if (protocol != null) {
                publishState(protocol);
            }
            return;
        }
        refusal = null;
        runningProperties = Map.copyOf(properties);
        stopTree();
        start(next);
    }

    @Deactivate
    protected synchronized void deactivate() {
        stopTree();
        scheduler.shutdownNow();
    }

    private void configure(Map<String, Object> properties) {
        Settings settings = settings(properties);
        if (settings != null) {
            runningProperties = Map.copyOf(properties);
            start(settings);
        }
    }

    /** What a configuration starts: the tree's options, the gateway's message authentication and delivery. */
    private record Settings(TreeOptions options, GatewaySecurity security, DeliveryOptions delivery) {
    }

    /** The settings of a configuration, or null (logged naming the field) if it is refused. */
    private Settings settings(Map<String, Object> properties) {
        try {
            TreeOptions options = TreeOptions.fromProperties(withDefaults(properties));
            SecurityOptions securityOptions = SecurityOptions.fromProperties(properties);
            DeliveryOptions deliveryOptions = DeliveryOptions.fromProperties(properties);
            GatewaySecurity gatewaySecurity = KeystoreSecurity.build(securityOptions, options.self(), keystore,
                    crypto, droppedMessages, new TreeTopics(options.topicPrefix()), Clock.systemUTC());
            LOG.info("{}: tree messages: {}, {}", PID, securityOptions, deliveryOptions);
            return new Settings(options, gatewaySecurity, deliveryOptions);
        } catch (InvalidPropertyException e) {
            refusal = e.getMessage();
            LOG.error("{}: configuration refused{}: {}", PID, protocol == null
                    ? ", the gateway stays out of the tree until it is fixed" : ", the previous one keeps serving",
                    e.getMessage());
            return null;
        }
    }

    private void start(Settings settings) {
        TreeOptions options = settings.options();
        GatewaySecurity security = settings.security();
        droppedMessages.warnIntervalMillis(options.refusalWarnIntervalMillis());
        protocol = new MembershipProtocol(options, Clock.systemUTC(), droppedMessages);
        checkLastWill(protocol);
        warnAboutRootLevel(options);
        delivery = new GatewayDelivery(settings.delivery(), "coaptree-delivery-" + options.self().name());
        GatewayBuses buses = new GatewayBuses(transport, scheduler, delivery, protocol.topics(), droppedMessages,
                security);
        membershipBus = buses.openForMembership(options.maxMessageBytes());
        MembershipProtocol h = protocol;
        membershipBus.onConnected(() -> scheduler.execute(() -> startWhenConnected(h)));
        protocol.addListener(new MembershipListener() {
            @Override
            public void joined(TreeView view) {
                publishState(h);
            }

            @Override
            public void refused(String reason) {
                publishState(h);
            }

            @Override
            public void changed(TreeView view, List<TreeChange> changes) {
                publishState(h);
            }
        });
        registration = context.registerService(TreeService.class,
                new RunningTree(protocol, scheduler, security, settings.delivery().defaultClass(), buses),
                stateOf(protocol));
        ticks = scheduler.scheduleWithFixedDelay(() -> tick(h), options.tickIntervalMillis(),
                options.tickIntervalMillis(), TimeUnit.MILLISECONDS);
        scheduler.execute(() -> {
            if (transport.isConnected()) {
                startWhenConnected(h);
            } else {
                connect();
            }
        });
        LOG.info("{}: {} joins the tree over {} (broker name '{}')", PID, options.self(), transport.getBrokerUrl(),
                options.brokerName());
    }

    /**
     * An empty node name means the MQTT client id, so a role snapshot can serve every gateway of the role; an empty
     * broker name means the transport's broker (see {@link BrokerNames}).
     */
    private Map<String, Object> withDefaults(Map<String, Object> properties) {
        Map<String, Object> copy = new HashMap<>(properties);
        Object name = properties.get(TreeOptions.NODE_NAME.id());
        if (name == null || name.toString().isBlank()) {
            String clientId = transport.getClientId();
            copy.put(TreeOptions.NODE_NAME.id(), clientId == null ? "" : clientId);
        }
        Object broker = properties.get(TreeOptions.BROKER_NAME.id());
        if (broker == null || broker.toString().isBlank()) {
            copy.put(TreeOptions.BROKER_NAME.id(), BrokerNames.fromBrokerUrl(transport.getBrokerUrl()));
        }
        return copy;
    }

    /**
     * The tree learns of a crashed gateway at once from its MQTT last will; without one, from missing heartbeats
     * after tree.failure.timeout.ms. The will is the transport's lwt.* settings (Kura's way): the role snapshots
     * set them, and this tells the operator when they do not match.
     */
    private void checkLastWill(MembershipProtocol h) {
        String expected = h.lastWill().topic();
        String configured = resolve(transportProperties.get("lwt.topic"));
        if (!expected.equals(configured)) {
            LOG.warn("{}: the transport's lwt.topic is '{}' but this node's last will must go to '{}' (lwt.payload "
                    + "empty, lwt.qos 1); until it does, a crashed gateway is noticed after tree.failure.timeout.ms "
                    + "instead of at once", PID, configured == null ? "" : configured, expected);
        }
    }

    /** Moquette (up to at least 0.17) drops subscriptions with a topic level named "root": see docs/hierarchy.md. */
    private static void warnAboutRootLevel(TreeOptions options) {
        NodePath path = options.self().path();
        if ("root".equals(options.self().name()) || "root".equals(path.domain()) || "root".equals(path.group())) {
            LOG.warn("{}: {} has a topic level named 'root'; a Moquette broker never delivers to such subscriptions "
                    + "(requests to this gateway would time out); rename it when the broker is Moquette", PID,
                    options.self());
        }
    }

    private String resolve(Object topic) {
        if (topic == null) {
            return null;
        }
        String clientId = transport.getClientId();
        String account = transport.getAccountName();
        return topic.toString().replace("#client-id", clientId == null ? "" : clientId)
                .replace("#account-name", account == null ? "" : account);
    }

    private void connect() {
        try {
            transport.connect();
        } catch (KuraConnectException e) {
            // The lean transport keeps trying by itself; the tree starts on its onConnectionEstablished.
            LOG.warn("{}: not connected yet: {}", PID, e.getMessage());
        }
    }

    /** Starts the protocol on the first connection: a join request sent while disconnected would be lost. */
    private void startWhenConnected(MembershipProtocol h) {
        synchronized (this) {
            if (h != protocol || started || !transport.isConnected()) {
                return;
            }
            started = true;
        }
        h.start(membershipBus.unbatched());
        publishState(h);
    }

    private void tick(MembershipProtocol h) {
        try {
            if (h.state() != MembershipProtocol.State.CREATED) {
                h.tick();
            }
            h.droppedMessages().flushWarnings();
            publishRefusalsIfChanged(h);
        } catch (RuntimeException e) {
            LOG.warn("{}: tick failed", PID, e);
        }
    }

    private void publishState(MembershipProtocol h) {
        synchronized (this) {
            if (h == protocol && registration != null) {
                registration.setProperties(stateOf(h));
            }
        }
    }

    /**
     * Dropped messages are published from the tick, not per message: a flood of bad messages then costs at most one
     * service-property update per tick instead of one per message.
     */
    private void publishRefusalsIfChanged(MembershipProtocol h) {
        synchronized (this) {
            // a refused gateway asking again changes state in a tick, as coalesced join answers do
            if (h.droppedMessages().total() == publishedRefusals && h.state() == publishedState
                    && h.joinStatus().answersCoalesced() == publishedCoalesced) {
                return;
            }
        }
        publishState(h);
    }

    private Hashtable<String, Object> stateOf(MembershipProtocol h) {
        Hashtable<String, Object> p = new Hashtable<>();
        if (refusal != null) {
            p.put(TreeService.CONFIG_ERROR, refusal);
        }
        TreeView view = h.view();
        p.put(TreeService.NODE, h.self().text());
        p.put(TreeService.STATE, h.state().name());
        h.refusal().ifPresent(reason -> p.put(TreeService.REFUSAL, reason));
        JoinStatus join = h.joinStatus();
        join.refusedBy().ifPresent(by -> p.put(TreeService.JOIN_REFUSED_BY, by));
        join.nextAttemptAt().ifPresent(at -> p.put(TreeService.JOIN_NEXT_ATTEMPT, at));
        p.put(TreeService.JOIN_ANSWERS_COALESCED, join.answersCoalesced());
        publishedState = h.state();
        publishedCoalesced = join.answersCoalesced();
        p.put(TreeService.MEMBERS, view.members().size());
        p.put(TreeService.LIVE_MEMBERS, (int) view.members().stream().filter(TreeMember::isUp).count());
        view.parentReplica(h.self())
                .ifPresent(parent -> p.put(TreeService.PARENT, parent.address().text()));
        p.putAll(TreeOptions.addressProperties(h.self()));
        publishedRefusals = h.droppedMessages().total();
        p.put(TreeService.REFUSED, publishedRefusals);
        h.droppedMessages().counts().forEach((reason, count) -> p.put(TreeService.REFUSED_PREFIX + reason, count));
        return p;
    }

    private void stopTree() {
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
        if (registration != null) {
            registration.unregister();
            registration = null;
        }
        if (protocol != null) {
            protocol.stop();
            protocol = null;
        }
        if (membershipBus != null) {
            membershipBus.close();
            membershipBus = null;
        }
        if (delivery != null) {
            delivery.close();
            delivery = null;
        }
        started = false;
    }
}
