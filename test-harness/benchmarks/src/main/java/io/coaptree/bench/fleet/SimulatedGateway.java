package io.coaptree.bench.fleet;

import java.time.Clock;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.kura.KuraConnectException;

import io.coaptree.harness.pki.TreePki;
import io.coaptree.mqtt.component.LeanMqttDataTransport;
import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.options.BrokerNames;
import io.coaptree.tree.options.DeliveryOptions;
import io.coaptree.tree.options.SecurityOptions;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.protocol.MembershipProtocol;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SenderTrust;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.topics.TreeTopics;
import io.coaptree.tree.transport.GatewayBuses;

/**
 * One gateway of the fleet simulator: the tree bundle's own membership protocol, seal (Ed25519 under the fleet's CA,
 * link MACs, as the shipped defaults) and delivery, over the lean MQTT transport, assembled as the tree handler
 * component assembles them, without an OSGi framework or a CoAP server. Every setting is the shipped default; only
 * what the role snapshots set per gateway (place in the tree, last will) and the broker differ.
 */
final class SimulatedGateway implements AutoCloseable {

    /** Boots later than any before in this JVM, as the component's are. */
    private static final AtomicLong LAST_BOOT = new AtomicLong();

    private final NodeAddress address;
    private final LeanMqttDataTransport transport;
    private final WireMeter meter;
    private final MembershipProtocol protocol;
    private final GatewayDelivery delivery;
    private final TreeBus membershipBus;
    private final SimulatedRemoteQuery remoteQuery;
    private final ScheduledExecutorService scheduler;
    private final ScheduledFuture<?> ticks;
    private boolean started;

    /**
     * Connects and joins: returns at once, the join runs on {@code scheduler} once the transport is connected.
     *
     * @param resources the links of the gateway's own in its directory, synchronised up the tree; 0 for no
     *        directory and no remote queries at all (membership only)
     * @param threads shared by the fleet; each gateway's ticks run one at a time on its scheduler
     * @param watched the gateway whose messages the meters count apart
     */
    SimulatedGateway(NodeAddress address, String brokerUrl, TreePki.Gateway credentials, SenderTrust trust,
            int resources, FleetThreads threads, AtomicReference<NodeAddress> watched) {
        this.address = address;
        this.scheduler = threads.scheduler();
        transport = LeanMqttDataTransport.withListenersOnCallersThread();
        TreeTopics topics = new TreeTopics(TreeOptions.TOPIC_PREFIX.defaultValue());
        Map<String, Object> transportProperties = new HashMap<>();
        transportProperties.put("broker-url", brokerUrl);
        transportProperties.put("client-id", address.name());
        transportProperties.put("lwt.topic", topics.prefix() + "/" + address.text() + "/lwt");
        transportProperties.put("lwt.qos", 1);
        transport.activate(transportProperties);
        meter = new WireMeter(transport, topics, watched);

        Map<String, Object> treeProperties = new HashMap<>(TreeOptions.addressProperties(address));
        // what the tree handler announces with the shipped (empty) setting: the broker URL's host and port, so only
        // gateways on one broker learn direct routes to each other; across a bridge requests go hop by hop
        treeProperties.put(TreeOptions.BROKER_NAME.id(), BrokerNames.fromBrokerUrl(brokerUrl));
        TreeOptions options = TreeOptions.fromProperties(treeProperties);
        Clock clock = Clock.systemUTC();
        DroppedMessages dropped = new DroppedMessages(clock, options.refusalWarnIntervalMillis());
        protocol = new MembershipProtocol(options, clock, dropped);
        delivery = new GatewayDelivery(DeliveryOptions.fromProperties(Map.of()), threads.delivery());
        SecurityOptions securityOptions = SecurityOptions.fromProperties(Map.of());
        MessageSeal seal = seal(address, credentials, trust, securityOptions, clock);
        meter.countChecks(seal::signatureChecks);
        GatewaySecurity security = GatewaySecurity.sealing(securityOptions.mode(), seal, securityOptions.limits(),
                dropped, topics, clock);
        GatewayBuses buses = new GatewayBuses(meter, scheduler, delivery, topics, dropped, security);
        membershipBus = buses.openForMembership(options.maxMessageBytes());
        remoteQuery = resources == 0 ? null
                : new SimulatedRemoteQuery(address, "coap://" + address.name().toLowerCase(Locale.ROOT)
                        + ".fleet.test:5683", resources, protocol::view, topics,
                        buses.open(SimulatedRemoteQuery.maxMessageBytes(), -1), dropped, security);
        membershipBus.onConnected(() -> scheduler.execute(this::startWhenConnected));
        ticks = scheduler.scheduleWithFixedDelay(this::tick, options.tickIntervalMillis(),
                options.tickIntervalMillis(), TimeUnit.MILLISECONDS);
        try {
            transport.connect();
        } catch (KuraConnectException e) {
            // the transport keeps trying; the protocol starts on its connection
        }
        scheduler.execute(this::startWhenConnected);
    }

    /** As the tree handler's {@code KeystoreSecurity} with the default settings, the key from the fleet's CA. */
    private static MessageSeal seal(NodeAddress address, TreePki.Gateway credentials, SenderTrust trust,
            SecurityOptions options, Clock clock) {
        long boot = LAST_BOOT.updateAndGet(last -> Math.max(last + 1, clock.millis()));
        GatewayKey key = GatewayKey.of(credentials.keys().getPrivate(), credentials.certificate());
        return options.linkMacs()
                ? MessageSeal.signingWithLinks(address.text(), boot, key, trust, clock, options.freshnessMillis(),
                        options.limits().maxSenders())
                : MessageSeal.signing(address.text(), boot, key, trust, clock, options.freshnessMillis());
    }

    private synchronized void startWhenConnected() {
        if (!started && transport.isConnected()) {
            started = true;
            protocol.start(membershipBus.unbatched());
        }
    }

    private synchronized void tick() {
        if (protocol.state() != MembershipProtocol.State.CREATED) {
            protocol.tick();
        }
        if (remoteQuery != null) {
            remoteQuery.tick();
        }
        protocol.droppedMessages().flushWarnings();
    }

    NodeAddress address() {
        return address;
    }

    MembershipProtocol protocol() {
        return protocol;
    }

    /** The gateway's remote queries and directory, if it has them. */
    Optional<SimulatedRemoteQuery> remoteQuery() {
        return Optional.ofNullable(remoteQuery);
    }

    WireMeter.Counts counts() {
        return meter.counts();
    }

    /** Leaves the tree as a stopped gateway does (a leave message), then closes the connection. */
    @Override
    public void close() {
        ticks.cancel(false);
        synchronized (this) {
            if (started) {
                protocol.stop();
            }
        }
        if (remoteQuery != null) {
            remoteQuery.close();
        }
        membershipBus.close();
        delivery.close();
        transport.deactivate();
    }
}
