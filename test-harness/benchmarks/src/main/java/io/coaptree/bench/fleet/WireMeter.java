package io.coaptree.bench.fleet;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TreeTopics;
import io.coaptree.tree.transport.DataTransportListenerAdapter;

/**
 * One gateway's MQTT traffic as its transport sees it: messages and bytes in and out, and the signature checks the
 * messages in cost, as the gateway's seal counts them (a {@code COSE_Sign1} is not always one: a follower holding a
 * link checks its tag instead, and a gateway's own heartbeats handed back by the broker are not opened). Also counts
 * what arrived from one watched gateway (its topics), the meter of "a join costs the
 * gateways outside its neighbourhood nothing". A decorator of the transport, so the tree's code runs unchanged above.
 */
final class WireMeter implements DataTransportService {

    /** The counters, read while the fleet runs. */
    static final class Counts {
        final LongAdder messagesIn = new LongAdder();
        final LongAdder bytesIn = new LongAdder();
        /** The Ed25519 verifications the gateway's seal made; set once the seal exists. */
        volatile LongSupplier checks = () -> 0;
        final LongAdder messagesOut = new LongAdder();
        final LongAdder bytesOut = new LongAdder();
        final LongAdder fromWatched = new LongAdder();

        Snapshot snapshot() {
            return new Snapshot(messagesIn.sum(), bytesIn.sum(), checks.getAsLong(), messagesOut.sum(), bytesOut.sum(),
                    fromWatched.sum());
        }
    }

    /** The counters at one moment; {@link #minus} gives a window's traffic. */
    record Snapshot(long messagesIn, long bytesIn, long checks, long messagesOut, long bytesOut, long fromWatched) {

        static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0);

        Snapshot minus(Snapshot before) {
            return new Snapshot(messagesIn - before.messagesIn, bytesIn - before.bytesIn, checks - before.checks,
                    messagesOut - before.messagesOut, bytesOut - before.bytesOut, fromWatched - before.fromWatched);
        }

        Snapshot plus(Snapshot other) {
            return new Snapshot(messagesIn + other.messagesIn, bytesIn + other.bytesIn, checks + other.checks,
                    messagesOut + other.messagesOut, bytesOut + other.bytesOut, fromWatched + other.fromWatched);
        }
    }

    private final DataTransportService transport;
    private final TreeTopics topics;
    private final AtomicReference<NodeAddress> watched;
    private final Counts counts = new Counts();

    /**
     * @param transport the gateway's transport
     * @param topics the tree's topic scheme
     * @param watched the fleet's watched gateway, null for none (one reference shared by every meter)
     */
    WireMeter(DataTransportService transport, TreeTopics topics, AtomicReference<NodeAddress> watched) {
        this.transport = transport;
        this.topics = topics;
        this.watched = watched;
        transport.addDataTransportListener(new Arrivals());
    }

    Counts counts() {
        return counts;
    }

    /** Counts the signature checks of the gateway's seal from now on. */
    void countChecks(LongSupplier signatureChecks) {
        counts.checks = signatureChecks;
    }

    /** Counts every message the transport hands its listeners; the tree's own listener is called beside it. */
    private final class Arrivals extends DataTransportListenerAdapter {

        @Override
        public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
            counts.messagesIn.increment();
            counts.bytesIn.add(payload.length);
            NodeAddress from = watched.get();
            if (from != null && topics.parse(topic).filter(parsed -> parsed.node().equals(from)).isPresent()) {
                counts.fromWatched.increment();
            }
        }
    }

    @Override
    public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain) throws KuraException {
        DataTransportToken token = transport.publish(topic, payload, qos, retain);
        counts.messagesOut.increment();
        counts.bytesOut.add(payload.length);
        return token;
    }

    @Override
    public void connect() throws org.eclipse.kura.KuraConnectException {
        transport.connect();
    }

    @Override
    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public String getBrokerUrl() {
        return transport.getBrokerUrl();
    }

    @Override
    public String getAccountName() {
        return transport.getAccountName();
    }

    @Override
    public String getUsername() {
        return transport.getUsername();
    }

    @Override
    public String getClientId() {
        return transport.getClientId();
    }

    @Override
    public void disconnect(long quiesceTimeout) {
        transport.disconnect(quiesceTimeout);
    }

    @Override
    public void subscribe(String topic, int qos) throws KuraException {
        transport.subscribe(topic, qos);
    }

    @Override
    public void unsubscribe(String topic) throws KuraException {
        transport.unsubscribe(topic);
    }

    @Override
    public void addDataTransportListener(DataTransportListener listener) {
        transport.addDataTransportListener(listener);
    }

    @Override
    public void removeDataTransportListener(DataTransportListener listener) {
        transport.removeDataTransportListener(listener);
    }
}
