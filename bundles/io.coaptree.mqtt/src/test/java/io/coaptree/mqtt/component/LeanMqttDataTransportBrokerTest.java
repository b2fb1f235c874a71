package io.coaptree.mqtt.component;

import static io.coaptree.mqtt.component.RecordingListener.next;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.KuraNotConnectedException;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.broker.EmbeddedBroker;

/** The transport against a real broker (the embedded HiveMQ on a free loopback port). */
class LeanMqttDataTransportBrokerTest {

    private static final AtomicInteger ids = new AtomicInteger();
    private static final String USER = "gateway";
    private static final String PASSWORD = "s3cret-pw";

    private static EmbeddedBroker broker;

    private Transports transports;
    private final List<MqttClient> peers = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedBroker.builder().user(USER, PASSWORD).maxMessageBytes(256 * 1024).start();
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @BeforeEach
    void transports() {
        transports = new Transports(broker.url(), USER, PASSWORD);
    }

    @AfterEach
    void cleanUp() throws Exception {
        transports.close();
        for (MqttClient peer : peers) {
            if (peer.isConnected()) {
                peer.disconnectForcibly(0, 1000);
            }
            peer.close(true);
        }
    }

    private LeanMqttDataTransport transport(Map<String, Object> overrides) {
        return transports.activate(overrides);
    }

    private RecordingListener connected(LeanMqttDataTransport t) throws Exception {
        RecordingListener listener = new RecordingListener();
        t.addDataTransportListener(listener);
        t.connect();
        assertTrue(t.isConnected());
        assertTrue(next(listener.established, "connection established"));
        return listener;
    }

    private MqttClient peer() throws Exception {
        MqttClient peer = new MqttClient("tcp://127.0.0.1:" + broker.port(), "peer-" + ids.incrementAndGet(),
                new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setUserName(USER);
        o.setPassword(PASSWORD.toCharArray());
        // Paho wakes a waiting publish before it frees the message's in-flight place; on a busy machine a peer
        // publishing in a loop then ran into its own window of 10 ("Too many publishes in progress"). The peer only
        // feeds the transport under test: give it room.
        o.setMaxInflight(1000);
        peer.connect(o);
        peers.add(peer);
        return peer;
    }

    @Test
    void aBurstBeyondTheInFlightWindowWaitsForTheBrokerAndLosesNothing() throws Exception {
        // A full window used to refuse at once and the burst lost messages; now publishers wait for slots.
        LeanMqttDataTransport t = transport(
                Map.of("in-flight-messages.max-number", 2, "in-flight-messages.wait-ms", 30_000));
        RecordingListener listener = connected(t);
        t.subscribe("burst/#", 1);
        int threads = 4;
        int each = 250;
        ExecutorService publishers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int n = 0; n < threads; n++) {
                int publisher = n;
                done.add(publishers.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        t.publish("burst/" + publisher, new byte[] { (byte) i }, 1, false);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(120, TimeUnit.SECONDS); // a refused publish fails here
            }
        } finally {
            publishers.shutdownNow();
        }
        for (int i = 0; i < threads * each; i++) {
            next(listener.arrivals, "message " + i + " of the burst");
        }
    }

    @Test
    void roundTripsAtEveryQosWithTokensConfirmed() throws Exception {
        LeanMqttDataTransport t = transport(Map.of());
        RecordingListener listener = connected(t);
        t.subscribe("rt/#", 2);
        Set<DataTransportToken> tokens = new HashSet<>();
        for (int qos = 0; qos <= 2; qos++) {
            byte[] payload = ("qos " + qos).getBytes(StandardCharsets.UTF_8);
            DataTransportToken token = t.publish("rt/q" + qos, payload, qos, false);
            if (qos == 0) {
                assertNull(token, "QoS 0 publishes have no token, as in Kura");
            } else {
                assertNotNull(token);
                tokens.add(token);
            }
            RecordingListener.Arrival arrival = next(listener.arrivals, "message at QoS " + qos);
            assertEquals("rt/q" + qos, arrival.topic());
            assertArrayEquals(payload, arrival.payload());
            assertEquals(qos, arrival.qos());
            assertEquals("coaptree-mqtt-listeners", arrival.thread(), "listeners run on the dispatcher thread");
        }
        Set<DataTransportToken> confirmed = new HashSet<>();
        confirmed.add(next(listener.confirmations, "confirmation"));
        confirmed.add(next(listener.confirmations, "confirmation"));
        assertEquals(tokens, confirmed);
        assertTrue(listener.confirmations.isEmpty(), "QoS 0 is never confirmed");
    }

    @Test
    void topicVariablesAreReplacedAsKuraDoes() throws Exception {
        LeanMqttDataTransport t = transport(Map.of("topic.context.account-name", "acme", "client-id", "gw-7"));
        RecordingListener listener = connected(t);
        t.subscribe("#account-name/#client-id/in", 1);
        MqttClient peer = peer();
        peer.publish("acme/gw-7/in", "x".getBytes(StandardCharsets.UTF_8), 1, false);
        assertEquals("acme/gw-7/in", next(listener.arrivals, "message").topic());
        assertEquals("acme", t.getAccountName());
        assertEquals("gw-7", t.getClientId());
    }

    @Test
    void publishingAndSubscribingWhileDisconnectedFailFast() {
        LeanMqttDataTransport t = transport(Map.of());
        assertFalse(t.isConnected());
        assertThrows(KuraNotConnectedException.class, () -> t.publish("a", new byte[1], 1, false));
        assertThrows(KuraNotConnectedException.class, () -> t.subscribe("a", 1));
        assertThrows(KuraNotConnectedException.class, () -> t.unsubscribe("a"));
    }

    @Test
    void aWrongPasswordIsAClearConnectError() {
        LeanMqttDataTransport t = transport(Map.of("password", TestCryptoService.encrypt("wrong")));
        KuraConnectException e = assertThrows(KuraConnectException.class, t::connect);
        String message = String.valueOf(e.getCause());
        assertTrue(message.contains("Bad user name or password"), message);
        assertFalse(String.valueOf(e.getMessage()).contains("wrong"), "the password never appears in errors");
        t.disconnect(0); // stops the retries
    }

    @Test
    void anInvalidConfigurationKeepsTheComponentActiveAndNamesTheProperty() {
        LeanMqttDataTransport t = transport(Map.of("keep-alive", -1));
        KuraConnectException e = assertThrows(KuraConnectException.class, t::connect);
        assertTrue(e.getMessage().contains("keep-alive"), e.getMessage());
    }

    @Test
    void disconnectTellsListenersAndStaysDown() throws Exception {
        LeanMqttDataTransport t = transport(Map.of());
        RecordingListener listener = connected(t);
        t.disconnect(100);
        assertFalse(t.isConnected());
        listener.awaitEvent("disconnected");
        assertEquals(List.of("established", "disconnecting", "disconnected"), listener.history());
        assertThrows(KuraNotConnectedException.class, () -> t.publish("a", new byte[1], 0, false));
    }

    @Test
    void autoConnectOnActivation() throws Exception {
        RecordingListener listener = new RecordingListener();
        LeanMqttDataTransport t = transport(Map.of("connect.auto-on-startup", true));
        t.addDataTransportListener(listener);
        listener.awaitEvent("established");
        assertTrue(t.isConnected());
    }

    @Test
    void aConfigurationChangeReconnectsWithTheNewSettings() throws Exception {
        LeanMqttDataTransport t = transport(Map.of("client-id", "before"));
        RecordingListener listener = connected(t);
        Map<String, Object> changed = transports.baseProperties();
        changed.put("client-id", "after");
        t.modified(changed);
        listener.awaitEvent("updated");
        next(listener.established, "re-established connection");
        assertEquals("after", t.getClientId());
        assertTrue(t.isConnected());
    }

    @Test
    void aRefusedConfigurationChangeKeepsThePreviousOneServing() throws Exception {
        LeanMqttDataTransport t = transport(Map.of("client-id", "before"));
        connected(t);
        Map<String, Object> refused = transports.baseProperties();
        refused.put("client-id", "after");
        refused.put("keep-alive", -1);
        t.modified(refused);
        assertTrue(t.isConnected(), "still connected with the previous configuration");
        assertEquals("before", t.getClientId());
        t.publish("coaptree/test/still-serving", new byte[] { 1 }, 1, false);
    }

    @Test
    void slowListenersDoNotStallKeepAlive() throws Exception {
        // Two seconds, not one: the broker's margin of half a period must exceed how late a ping thread can be
        // scheduled on a machine running several builds at once (one second failed there once).
        LeanMqttDataTransport t = transport(Map.of("keep-alive", 2));
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger handled = new AtomicInteger();
        RecordingListener listener = new RecordingListener() {
            @Override
            public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                handled.incrementAndGet();
                super.onMessageArrived(topic, payload, qos, retained);
            }
        };
        t.addDataTransportListener(listener);
        t.connect();
        next(listener.established, "connection established");
        t.subscribe("load/#", 1);
        MqttClient peer = peer();
        for (int i = 0; i < 200; i++) {
            peer.publish("load/" + i, Integer.toString(i).getBytes(StandardCharsets.UTF_8), 1, false);
        }
        // The broker drops a client that is silent for 1.5 keep-alive periods; wait three periods with the
        // only listener thread blocked.
        assertNull(listener.lost.poll(6, TimeUnit.SECONDS), "connection lost while listeners were blocked");
        assertTrue(t.isConnected());
        release.countDown();
        for (int i = 0; i < 200; i++) {
            assertEquals("load/" + i, next(listener.arrivals, "message " + i).topic(), "order is kept");
        }
        assertEquals(200, handled.get());
    }

    @Test
    void brokerRestartIsSurvivedWithSubscriptionsRestored() throws Exception {
        LeanMqttDataTransport t = transport(Map.of());
        RecordingListener listener = connected(t);
        t.subscribe("restart/#", 1);

        broker.stop();
        next(listener.lost, "connection lost");
        assertFalse(t.isConnected());
        assertThrows(KuraNotConnectedException.class, () -> t.publish("restart/x", new byte[1], 1, false),
                "nothing is silently stored while the broker is away");

        broker.start();
        assertTrue(next(listener.established, "re-established connection"), "the restarted broker has no session");
        assertTrue(t.isConnected());

        MqttClient peer = peer();
        peer.publish("restart/after", "back".getBytes(StandardCharsets.UTF_8), 1, false);
        RecordingListener.Arrival arrival = next(listener.arrivals, "message after restart");
        assertEquals("restart/after", arrival.topic());

        DataTransportToken token = t.publish("restart/own", new byte[] { 1 }, 1, false);
        assertEquals(token, next(listener.confirmations, "confirmation after restart"));
    }
}
