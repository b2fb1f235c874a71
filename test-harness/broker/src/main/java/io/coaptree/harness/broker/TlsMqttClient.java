package io.coaptree.harness.broker;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
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

/**
 * A plain Paho client (MQTT 3.1.1) of a tree's broker over TLS, outside the tree: an operator's monitor, a stranger,
 * or someone holding a stolen gateway's keystore (and password). Trust and client key come from one PKCS12 store;
 * without a key entry it connects with no client certificate. For tests of the embedded broker and of Mosquitto.
 */
public final class TlsMqttClient implements AutoCloseable {

    /** A received message. */
    public record Received(String topic, byte[] payload) {
        @Override
        public String toString() {
            return topic + " " + new String(payload, StandardCharsets.UTF_8);
        }
    }

    private final MqttClient client;
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final AtomicInteger lost = new AtomicInteger();

    private TlsMqttClient(MqttClient client) {
        this.client = client;
    }

    /**
     * @param brokerUrl {@code mqtts://host:port/}
     * @param username  null for none
     */
    public static TlsMqttClient connect(String brokerUrl, String clientId, Path pkcs12, char[] storePassword,
            String username, String password) throws MqttException {
        return connect(brokerUrl, clientId, pkcs12, storePassword, username, password, null);
    }

    /**
     * As {@link #connect(String, String, Path, char[], String, String)}, with an empty last will on {@code willTopic}
     * (as a gateway's: its death announced), or none when null.
     */
    public static TlsMqttClient connect(String brokerUrl, String clientId, Path pkcs12, char[] storePassword,
            String username, String password, String willTopic) throws MqttException {
        URI uri = URI.create(brokerUrl);
        MqttClient client = new MqttClient("ssl://" + uri.getHost() + ":" + uri.getPort(), clientId,
                new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setConnectionTimeout(10);
        // Paho counts a QoS 1 publish in flight until its callback thread has handled the PUBACK, which can lag
        // behind the blocking publish on a busy machine: with its default window of 10 a burst of publishes one after
        // another was refused by the client itself ("Too many publishes in progress"). The widest window MQTT's packet
        // ids allow keeps the client's own bookkeeping out of what the tests judge.
        options.setMaxInflight(65_535);
        options.setSocketFactory(TestPki.tlsContext(pkcs12, storePassword).getSocketFactory());
        if (username != null) {
            options.setUserName(username);
            options.setPassword(password.toCharArray());
        }
        if (willTopic != null) {
            options.setWill(willTopic, new byte[0], 1, false);
        }
        client.setTimeToWait(TimeUnit.SECONDS.toMillis(20));
        TlsMqttClient tls = new TlsMqttClient(client);
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                // a refused publish or subscription does not end the connection (MQTT 3.1.1): counted, not expected
                tls.lost.incrementAndGet();
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                tls.received.add(new Received(topic, message.getPayload()));
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
                // QoS 1 publishes are waited for by publish()
            }
        });
        try {
            client.connect(options);
        } catch (MqttException e) {
            client.close();
            throw e;
        }
        return tls;
    }

    /** @return the granted QoS; 0x80 when the broker refused the subscription */
    public int subscribe(String filter) throws MqttException {
        try {
            return client.subscribeWithResponse(filter, 1).getGrantedQos()[0];
        } catch (MqttException e) {
            if (e.getReasonCode() == 0x80) {
                return 0x80;
            }
            throw e;
        }
    }

    /**
     * QoS 1: returns once the broker acknowledged it. Mosquitto and the embedded broker acknowledge a publish their
     * access list drops too.
     */
    public void publish(String topic, byte[] payload) throws MqttException {
        client.publish(topic, payload, 1, false);
    }

    /** QoS 0: handed to the connection, in order with this client's other publishes. */
    public void send(String topic, byte[] payload) throws MqttException {
        client.publish(topic, payload, 0, false);
    }

    /** The next message received within {@code timeout}, or null. */
    public Received poll(Duration timeout) throws InterruptedException {
        return received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits for a message with this payload; everything received before it is returned in order, it last. */
    public List<Received> receiveUntil(byte[] payload, Duration timeout) throws InterruptedException {
        List<Received> before = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Received next = received.poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000),
                    TimeUnit.MILLISECONDS);
            if (next == null) {
                break;
            }
            before.add(next);
            if (Arrays.equals(next.payload(), payload)) {
                return before;
            }
        }
        throw new AssertionError("'" + new String(payload, StandardCharsets.UTF_8) + "' did not arrive within "
                + timeout + "; received " + before);
    }

    /** The next message received within {@code timeout}; fails if none came. */
    public Received next(Duration timeout) throws InterruptedException {
        Received next = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (next == null) {
            throw new AssertionError("nothing received within " + timeout);
        }
        return next;
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    /** Connections this client lost (the broker closed them). */
    public int connectionsLost() {
        return lost.get();
    }

    /** Drops the connection without a DISCONNECT, as a gateway that loses power: the broker publishes the will. */
    public void breakConnection() throws MqttException {
        client.disconnectForcibly(0, 1000, false);
        client.close();
    }

    @Override
    public void close() throws MqttException {
        try (MqttClient leaving = client) { // closed even when the disconnect fails
            if (leaving.isConnected()) {
                leaving.disconnect();
            }
        }
    }
}
