package io.coaptree.bench.seeds.records;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.network.CoapEndpoint;

import io.coaptree.bench.coap.CoapRequestIssuer;

/**
 * The consumer at the root: one CoAP client (one UDP port) on the root gateway that observes every device's record
 * resource through the tree ({@code /tree/<domain>/<group>/<node>/records/<n>}), so each record travels device ->
 * its gateway -> MQTT up the tree -> the root -> this client: relayed Observe, how records reached the top before
 * the telemetry uplink (see {@link CloudDatagramConsumer}). Counting per step: {@link DeliveryTally}.
 */
public final class RootConsumer extends TalliedConsumer {

    static final int REGISTRATION_BATCH = 16;
    /**
     * Client endpoints (UDP ports) the devices' relations are spread over. The root numbers its messages to a port
     * with 16-bit message ids and gives none twice within RFC 7252's 247 s, so it sends one port at most about 248
     * notifications a second, sustained, and drops the rest: at 1,000 notifications/s one port would lose most of
     * them, 8 ports get 125/s each. Each port is on a loopback address of its own: a gateway admits at most
     * {@code capacity.anonymous.per.address} (64) Observe relations of one anonymous address, so one address would
     * hold 64 of the 500 devices (a consumer of a real fleet would authenticate over DTLS instead).
     */
    static final int ENDPOINTS = 8;

    /**
     * One relation per device for the whole run: since a server fix a relayed relation survives the confirmable
     * notifications (every 100th) that used to end it, so the consumer no longer renews its relations.
     */
    private final CoapEndpoint[] endpoints;
    private final List<CoapClient> clients = new CopyOnWriteArrayList<>();
    /** The live relation of each device. */
    private final Map<Integer, Handler> current = new ConcurrentHashMap<>();
    private final List<Integer> unobserved = new ArrayList<>();
    private String uriPrefix;
    private String gatewayAddress;

    private RootConsumer(CoapEndpoint[] endpoints) {
        this.endpoints = endpoints;
    }

    /**
     * Observes {@code devices} record resources of the gateway at {@code gatewayAddress} (e.g. "B/1/gB1") through
     * the root at {@code host:rootPort}, and waits until every relation has its first notification.
     */
    public static RootConsumer observe(String host, int rootPort, String gatewayAddress, int devices,
            Duration timeout) throws Exception {
        CoapEndpoint[] endpoints = new CoapEndpoint[ENDPOINTS];
        for (int i = 0; i < endpoints.length; i++) {
            endpoints[i] = CoapEndpoint.builder().setConfiguration(CoapRequestIssuer.clientConfiguration())
                    .setInetSocketAddress(new InetSocketAddress("127.0.0." + (20 + i), 0)).build();
            endpoints[i].start();
        }
        RootConsumer consumer = new RootConsumer(endpoints);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            // a few at a time, each retried until it has its first notification: hundreds of registrations
            // crossing the tree at once would measure the registration storm, not the records
            for (int first = 0; first < devices; first += REGISTRATION_BATCH) {
                List<Integer> batch = new ArrayList<>();
                for (int d = first; d < Math.min(devices, first + REGISTRATION_BATCH); d++) {
                    batch.add(d);
                }
                while (!batch.isEmpty() && System.nanoTime() < deadline) {
                    batch = consumer.register(host, rootPort, gatewayAddress, batch);
                }
                // a device still without a relation is not hidden: its records count as not delivered
                consumer.unobserved.addAll(batch);
            }
            return consumer;
        } catch (Exception | Error e) {
            consumer.close();
            throw e;
        }
    }

    /** Registers the devices' relations; returns those without a first notification within 10 s. */
    private List<Integer> register(String host, int rootPort, String gatewayAddress, List<Integer> devices)
            throws InterruptedException {
        this.uriPrefix = "coap://" + host + ":" + rootPort + "/";
        this.gatewayAddress = gatewayAddress;
        Map<Integer, Handler> started = new LinkedHashMap<>();
        for (int d : devices) {
            started.put(d, startRelation(d));
        }
        List<Integer> missing = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Map.Entry<Integer, Handler> e : started.entrySet()) {
            long left = Math.max(0, deadline - System.nanoTime());
            if (e.getValue().first.await(left, TimeUnit.NANOSECONDS)) {
                current.put(e.getKey(), e.getValue());
            } else {
                e.getValue().relation.proactiveCancel();
                missing.add(e.getKey());
            }
        }
        return missing;
    }

    private Handler startRelation(int device) {
        CoapClient client = new CoapClient(uriPrefix + RecordsPath.throughTree(gatewayAddress, device))
                .setEndpoint(endpoints[device % endpoints.length]).setTimeout(10_000L);
        clients.add(client);
        Handler handler = new Handler();
        handler.relation = client.observe(handler);
        return handler;
    }

    /** Devices whose relation could not be established within the timeout given to {@link #observe}. */
    public List<Integer> unobserved() {
        return List.copyOf(unobserved);
    }

    @Override
    public void close() {
        current.values().forEach(h -> h.relation.proactiveCancel());
        clients.forEach(CoapClient::shutdown);
        for (CoapEndpoint endpoint : endpoints) {
            endpoint.destroy();
        }
    }

    /** One relation of one device. */
    private final class Handler implements CoapHandler {
        final CountDownLatch first = new CountDownLatch(1);
        volatile CoapObserveRelation relation;

        @Override
        public void onLoad(CoapResponse response) {
            if (response.isSuccess()) {
                first.countDown();
            }
            arrived(response.getPayload());
        }

        @Override
        public void onError() {
            // a failed registration never counts down: register() retries it
        }
    }
}
