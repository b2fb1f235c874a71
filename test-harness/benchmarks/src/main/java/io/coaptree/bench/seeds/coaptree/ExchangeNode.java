package io.coaptree.bench.seeds.coaptree;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import org.eclipse.kura.data.DataTransportToken;

import io.coaptree.tree.transport.DataTransportListenerAdapter;
import io.coaptree.mqtt.component.LeanMqttDataTransport;

/**
 * One gateway of the first evaluation's two-gateway exchange: CoAPTree's lean MQTT transport (the same class the bundle
 * runs, in-window {@value StoreBackedUplink#IN_FLIGHT_WINDOW} like Kura's DataService) with either uplink in front
 * of it, subscribed to its own inbox topic. Arrivals are handled on a thread of their own, never on the
 * transport's listener thread, which must stay free to deliver the confirmations a full window waits for.
 */
final class ExchangeNode implements AutoCloseable {

    private final String name;
    private final LeanMqttDataTransport transport = new LeanMqttDataTransport();
    private final ExecutorService handler;
    private final Uplink uplink;

    /**
     * @param store where a store-backed node keeps its H2 database, null for the lean uplink
     * @param storeRateLimit the store-backed uplink's publishing rate limit
     */
    ExchangeNode(String name, String brokerUrl, Path store, PublishRateLimit storeRateLimit, Consumer<byte[]> onArrival)
            throws Exception {
        this.name = name;
        this.handler = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "exchange-" + name);
            t.setDaemon(true);
            return t;
        });
        Map<String, Object> p = new HashMap<>();
        p.put("broker-url", brokerUrl);
        p.put("client-id", "seed-" + name + "-" + System.nanoTime());
        p.put("connect.auto-on-startup", false);
        p.put("in-flight-messages.max-number", StoreBackedUplink.IN_FLIGHT_WINDOW);
        transport.activate(p);
        this.uplink = store == null ? new DirectUplink(transport)
                : new StoreBackedUplink(transport, "jdbc:h2:file:" + store.resolve(name).toAbsolutePath(), name,
                        storeRateLimit);
        transport.addDataTransportListener(new Listener(onArrival));
        transport.connect();
        transport.subscribe(inbox(name), 1);
    }

    static String inbox(String node) {
        return "bench/seed-coaptree/" + node + "/in";
    }

    String name() {
        return name;
    }

    /** Sends to another node's inbox. */
    void send(String toNode, byte[] payload) throws Exception {
        uplink.send(inbox(toNode), payload);
    }

    @Override
    public void close() {
        handler.shutdownNow();
        try {
            transport.disconnect(0);
        } finally {
            transport.deactivate();
            uplink.close();
        }
    }

    private final class Listener extends DataTransportListenerAdapter {
        private final Consumer<byte[]> onArrival;

        Listener(Consumer<byte[]> onArrival) {
            this.onArrival = onArrival;
        }

        @Override
        public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
            handler.execute(() -> onArrival.accept(payload));
        }

        @Override
        public void onMessageConfirmed(DataTransportToken token) {
            uplink.confirmed(token);
        }

        @Override
        public void onConnectionLost(Throwable cause) {
            System.err.println(name + ": MQTT connection lost: " + cause);
        }
    }
}
