package io.coaptree.bench.fleet;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.protocol.MembershipProtocol;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.SenderTrust;

/**
 * A running fleet on one broker or several bridged ones: the gateways of a {@link FleetLayout} (and any started
 * later), their keys from one tree CA, the {@link FleetThreads} shared by all of them, and their wire meters.
 */
final class FleetSimulation implements AutoCloseable {

    /** The URL of the broker each gateway connects to. */
    private final Function<NodeAddress, String> brokerUrls;
    private final TreePki pki = TreePki.create("Fleet Tree CA");
    private final FleetThreads threads = new FleetThreads();
    private final AtomicReference<NodeAddress> watched = new AtomicReference<>();
    private final Map<NodeAddress, SimulatedGateway> running = new LinkedHashMap<>();
    private final Map<NodeAddress, TreePki.Gateway> credentials = new LinkedHashMap<>();

    private final int resources;

    /** @param resources the links each gateway holds in its directory, synchronised up the tree; 0 for none */
    FleetSimulation(String brokerUrl, int resources) {
        this(gateway -> brokerUrl, resources);
    }

    /** @param brokerUrls the broker each gateway connects to (asked when it starts) */
    FleetSimulation(Function<NodeAddress, String> brokerUrls, int resources) {
        this.brokerUrls = brokerUrls;
        this.resources = resources;
    }

    /** Starts {@code gateway} (a restart if it ran before: a new boot and incarnation, the same key). */
    synchronized void start(NodeAddress gateway) {
        if (running.containsKey(gateway)) {
            throw new IllegalStateException(gateway + " runs already");
        }
        TreePki.Gateway keys = credentials.computeIfAbsent(gateway, g -> pki.issue(g.text()));
        // Each gateway its own trust, as each real gateway has: the certificates one has checked, another has not.
        SenderTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
        running.put(gateway, new SimulatedGateway(gateway, brokerUrls.apply(gateway), keys, trust, resources,
                threads, watched));
    }

    /** Stops {@code gateway} as a gateway shutting down does: it leaves the tree. */
    void stop(NodeAddress gateway) {
        SimulatedGateway stopped;
        synchronized (this) {
            stopped = running.remove(gateway);
        }
        if (stopped != null) {
            stopped.close();
        }
    }

    /** Counts the messages each meter sees from {@code gateway} apart, or none with null. */
    void watch(NodeAddress gateway) {
        watched.set(gateway);
    }

    synchronized Set<NodeAddress> running() {
        return Set.copyOf(running.keySet());
    }

    /** Every running gateway's counters now. */
    synchronized Map<NodeAddress, WireMeter.Snapshot> snapshot() {
        Map<NodeAddress, WireMeter.Snapshot> counts = new LinkedHashMap<>();
        running.forEach((address, gateway) -> counts.put(address, gateway.counts().snapshot()));
        return counts;
    }

    /**
     * Waits until every running gateway is a member and sees each of {@code expected}'s gateways up (the tree is
     * complete as each must know it).
     *
     * @return how long it took
     * @throws TimeoutException naming a gateway that still misses one, after {@code timeout}
     */
    Duration awaitComplete(Expected expected, Duration timeout) throws TimeoutException, InterruptedException {
        Clock clock = Clock.systemUTC();
        long start = clock.millis();
        long deadline = start + timeout.toMillis();
        String missing;
        while ((missing = firstMissing(expected)) != null) {
            if (clock.millis() > deadline) {
                throw new TimeoutException("the fleet was not complete within " + timeout + ": " + missing);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return Duration.ofMillis(clock.millis() - start);
    }

    /** Whether the tree is complete now, as {@link #awaitComplete} waits for. */
    boolean isComplete(Expected expected) {
        return firstMissing(expected) == null;
    }

    /** Which gateways a running gateway must see up. */
    @FunctionalInterface
    interface Expected {
        Collection<NodeAddress> of(NodeAddress gateway, Set<NodeAddress> running);
    }

    /** The running gateways a gateway follows (its neighbourhood): all a gateway's view holds once the tree formed. */
    static final Expected NEIGHBOURHOOD = (gateway, running) -> running.stream()
            .filter(other -> Neighbourhood.follows(gateway.path(), other.path())).toList();

    private String firstMissing(Expected expected) {
        List<SimulatedGateway> gateways;
        synchronized (this) {
            gateways = new ArrayList<>(running.values());
        }
        Set<NodeAddress> all = running();
        for (SimulatedGateway gateway : gateways) {
            MembershipProtocol protocol = gateway.protocol();
            if (protocol.state() != MembershipProtocol.State.JOINED) {
                return gateway.address() + " is " + protocol.state();
            }
            TreeView view = protocol.view();
            for (NodeAddress other : expected.of(gateway.address(), all)) {
                if (!other.equals(gateway.address()) && view.member(other).filter(m -> m.isUp()).isEmpty()) {
                    return gateway.address() + " does not see " + other + " up";
                }
            }
        }
        return null;
    }

    /** The running gateway's remote queries and directory, if it runs and has them. */
    synchronized Optional<SimulatedRemoteQuery> remoteQuery(NodeAddress gateway) {
        SimulatedGateway running = this.running.get(gateway);
        return running == null ? Optional.empty() : running.remoteQuery();
    }

    synchronized int size() {
        return running.size();
    }

    @Override
    public void close() {
        for (NodeAddress gateway : running()) {
            stop(gateway);
        }
        threads.close();
    }
}
