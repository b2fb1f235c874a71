package io.coaptree.harness.broker;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

import io.coaptree.harness.pki.TestPki;

/** A plain Paho client (MQTT 3.1.1) of the embedded broker over TLS, as a gateway or the monitor connects. */
final class TreeClient implements AutoCloseable {

    /** The payload of the last will {@link #connect} sets. */
    static final byte[] WILL = "gone".getBytes(StandardCharsets.UTF_8);
    private static final long TIMEOUT_MILLIS = 20_000;

    /** A received message. */
    record Received(String topic, byte[] payload) {
        @Override
        public String toString() {
            return topic + " " + new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final MqttClient client;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final AtomicInteger lost = new AtomicInteger();

    private TreeClient(MqttClient client) {
        this.client = client;
    }

    /**
     * @param pkcs12    the client's key and chain and the trusted CA (without a key entry: no client certificate)
     * @param willTopic a last will on this topic, or null for none
     */
    static TreeClient connect(String tlsUrl, String clientId, Path pkcs12, char[] storePassword, String user,
            String password, String willTopic) throws MqttException {
        URI uri = URI.create(tlsUrl);
        MqttClient client = new MqttClient("ssl://" + uri.getHost() + ":" + uri.getPort(), clientId,
                new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setConnectionTimeout(10);
        options.setSocketFactory(TestPki.tlsContext(pkcs12, storePassword).getSocketFactory());
        options.setUserName(user);
        options.setPassword(password.toCharArray());
        if (willTopic != null) {
            options.setWill(willTopic, WILL, 1, false);
        }
        client.setTimeToWait(TIMEOUT_MILLIS);
        TreeClient tree = new TreeClient(client);
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                tree.lost.incrementAndGet();
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                tree.received.add(new Received(topic, message.getPayload()));
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
                // publish() waits for the acknowledgement
            }
        });
        try {
            client.connect(options);
        } catch (MqttException e) {
            client.close();
            throw e;
        }
        return tree;
    }

    /** @return the granted QoS; 0x80 when the broker refused the subscription */
    int subscribe(String filter) throws MqttException {
        return client.subscribeWithResponse(filter, 1).getGrantedQos()[0];
    }

    /** QoS 1: returns once the broker acknowledged it. */
    void publish(String topic, byte[] payload) throws MqttException {
        client.publish(topic, payload, 1, false);
    }

    /** Waits for a message with this payload; returns everything received before it, in order, and it last. */
    List<Received> receiveUntil(byte[] payload) throws InterruptedException {
        List<Received> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            Received next = received.poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000),
                    TimeUnit.MILLISECONDS);
            if (next == null) {
                break;
            }
            seen.add(next);
            if (Arrays.equals(next.payload(), payload)) {
                return seen;
            }
        }
        throw new AssertionError("'" + new String(payload, StandardCharsets.UTF_8) + "' did not arrive within "
                + TIMEOUT_MILLIS + " ms; received " + seen);
    }

    boolean isConnected() {
        return client.isConnected();
    }

    /** Connections this client lost (the broker closed them). */
    int connectionsLost() {
        return lost.get();
    }

    /** Drops the connection without a DISCONNECT, as a gateway that loses power: the broker publishes the will. */
    void breakConnection() throws MqttException {
        client.disconnectForcibly(0, 1000, false);
        client.close();
    }

    @Override
    public void close() throws MqttException {
        try {
            if (client.isConnected()) {
                client.disconnect();
            }
        } finally {
            client.close();
        }
    }

    /** A copy of {@code pkcs12} that also trusts {@code ca}: a client of another CA that trusts the broker. */
    static Path trusting(Path pkcs12, char[] password, X509Certificate ca) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(pkcs12)) {
            store.load(in, password);
        }
        store.setCertificateEntry("broker-ca", ca);
        Path copy = pkcs12.resolveSibling("trusting-" + pkcs12.getFileName());
        try (OutputStream out = Files.newOutputStream(copy)) {
            store.store(out, password);
        }
        return copy;
    }
}
