package io.coaptree.mqtt.component;

import static io.coaptree.mqtt.component.RecordingListener.next;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.harness.pki.TestPki;

/**
 * The transport against a broker nobody on this project wrote: Debian's Mosquitto, plain and over TLS, with
 * certificates generated for this run. One broker serves every test.
 */
class MosquittoInteropTest {

    private static final char[] KEYSTORE_PASSWORD = "keystore-pw".toCharArray();

    @TempDir
    static Path dir;
    private static TestPki pki;
    private static MosquittoBroker broker;

    private Transports plain;

    @BeforeAll
    static void startMosquitto() throws Exception {
        pki = TestPki.create(dir.resolve("pki"));
        broker = MosquittoBroker.start(dir.resolve("mosquitto"), pki);
    }

    @AfterAll
    static void stopMosquitto() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @BeforeEach
    void transports() {
        plain = new Transports(broker.plainUrl(), MosquittoBroker.USER, MosquittoBroker.PASSWORD);
    }

    @AfterEach
    void deactivate() {
        plain.close();
    }

    private static RecordingListener connect(LeanMqttDataTransport t) throws Exception {
        RecordingListener listener = new RecordingListener();
        t.addDataTransportListener(listener);
        t.connect();
        assertTrue(t.isConnected());
        next(listener.established, "connection established");
        return listener;
    }

    /** Publishes at every QoS to itself and checks payloads and confirmations. */
    private static void roundTrip(LeanMqttDataTransport t, RecordingListener listener, String prefix)
            throws Exception {
        t.subscribe(prefix + "/#", 2);
        Set<DataTransportToken> tokens = new HashSet<>();
        for (int qos = 0; qos <= 2; qos++) {
            byte[] payload = (prefix + " at QoS " + qos).getBytes(StandardCharsets.UTF_8);
            DataTransportToken token = t.publish(prefix + "/q" + qos, payload, qos, false);
            if (qos > 0) {
                tokens.add(token);
            }
            RecordingListener.Arrival arrival = next(listener.arrivals, "message at QoS " + qos);
            assertEquals(prefix + "/q" + qos, arrival.topic());
            assertArrayEquals(payload, arrival.payload());
            assertEquals(qos, arrival.qos());
        }
        Set<DataTransportToken> confirmed = new HashSet<>();
        confirmed.add(next(listener.confirmations, "confirmation"));
        confirmed.add(next(listener.confirmations, "confirmation"));
        assertEquals(tokens, confirmed);
    }

    @Test
    void roundTripsAtEveryQosWithTokensConfirmed() throws Exception {
        LeanMqttDataTransport t = plain.activate(Map.of());
        roundTrip(t, connect(t), "plain");
    }

    @Test
    void messagesCrossBetweenTheTransportAndAnotherClient() throws Exception {
        LeanMqttDataTransport t = plain.activate(Map.of("client-id", "gw-a"));
        RecordingListener listener = connect(t);
        t.subscribe("to/#client-id", 1);
        MqttClient peer = new MqttClient("tcp://127.0.0.1:" + broker.plainPort(), "paho-peer", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setUserName(MosquittoBroker.USER);
        o.setPassword(MosquittoBroker.PASSWORD.toCharArray());
        peer.connect(o);
        try {
            java.util.concurrent.BlockingQueue<byte[]> atPeer = new java.util.concurrent.LinkedBlockingQueue<>();
            peer.subscribe("from/gw-a", 1, (topic, message) -> atPeer.add(message.getPayload()));
            peer.publish("to/gw-a", "ping".getBytes(StandardCharsets.UTF_8), 1, false);
            assertArrayEquals("ping".getBytes(StandardCharsets.UTF_8), next(listener.arrivals, "ping").payload());
            t.publish("from/#client-id", "pong".getBytes(StandardCharsets.UTF_8), 1, false);
            assertArrayEquals("pong".getBytes(StandardCharsets.UTF_8), next(atPeer, "pong at the peer"));
        } finally {
            peer.disconnect();
            peer.close();
        }
    }

    @Test
    void aWrongPasswordIsAClearConnectError() {
        LeanMqttDataTransport t = plain.activate(Map.of("password", TestCryptoService.encrypt("wrong-pw")));
        KuraConnectException e = assertThrows(KuraConnectException.class, t::connect);
        assertTrue(e.getMessage().contains("user name or password"), e.getMessage());
        assertFalse(e.getMessage().contains("wrong-pw"), "the password never appears in errors");
        t.disconnect(0);
    }

    @Test
    void tlsWithTheBrokersCaInTheKeystoreWorks() throws Exception {
        try (Transports tls = new Transports(broker.tlsUrl(), MosquittoBroker.USER, MosquittoBroker.PASSWORD)) {
            LeanMqttDataTransport t = tls.activate(Map.of(),
                    TestKeystoreService.trusting(pki.caCertificate()));
            roundTrip(t, connect(t), "tls");
        }
    }

    @Test
    void tlsWithAnotherCaIsRefusedWithAClearError() throws Exception {
        TestPki stranger = pki.otherCa(dir.resolve("other-ca"));
        try (Transports tls = new Transports(broker.tlsUrl(), MosquittoBroker.USER, MosquittoBroker.PASSWORD)) {
            LeanMqttDataTransport t = tls.activate(Map.of(),
                    TestKeystoreService.trusting(stranger.caCertificate()));
            KuraConnectException e = assertThrows(KuraConnectException.class, t::connect);
            assertTrue(e.getMessage().contains("certificate is not trusted"), e.getMessage());
            assertTrue(e.getMessage().contains("KeystoreService"), e.getMessage());
            assertFalse(t.isConnected());
            t.disconnect(0);
        }
    }

    @Test
    void mutualTlsUsesTheClientKeyOfTheKeystore() throws Exception {
        Path clientKeystore = pki.clientKeystore("client", KEYSTORE_PASSWORD);
        try (Transports tls = new Transports(broker.mutualTlsUrl(), MosquittoBroker.USER, MosquittoBroker.PASSWORD)) {
            LeanMqttDataTransport withKey = tls.activate(Map.of(),
                    TestKeystoreService.withKey(clientKeystore, KEYSTORE_PASSWORD, pki.caCertificate()));
            roundTrip(withKey, connect(withKey), "mtls");

            LeanMqttDataTransport withoutKey = tls.activate(Map.of(),
                    TestKeystoreService.trusting(pki.caCertificate()));
            KuraConnectException e = assertThrows(KuraConnectException.class, withoutKey::connect);
            assertNotNull(e.getMessage());
            assertTrue(e.getMessage().contains("TLS"), e.getMessage());
            withoutKey.disconnect(0);
        }
    }
}
