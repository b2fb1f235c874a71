package io.coaptree.harness.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;


import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.harness.pki.TestPki;

/**
 * The embedded broker admitting only gateways: TLS with a client certificate of the tree's CA, each gateway's own
 * password, and an access list in the generator's format (a small one written here: the generator's own rules are
 * tested in distrib/broker-acl).
 */
class GatewayAdmissionTest {

    private static final char[] PASSWORD = "store".toCharArray();
    private static final String ACL = String.join("\n", "user gA1", "topic write coaptree/A/-/+/query",
            "topic write coaptree/A/1/gA1/heartbeat", "topic read coaptree/+/+/+/heartbeat",
            "topic read coaptree/A/1/gA1/query", "user dA", "topic write coaptree/A/1/+/query",
            "topic write coaptree/A/-/dA/heartbeat", "topic read coaptree/+/+/+/heartbeat",
            "topic read coaptree/A/-/dA/query", "");

    @TempDir
    static Path dir;
    private static TestPki pki;
    private static EmbeddedBroker broker;

    @BeforeAll
    static void start() throws Exception {
        pki = TestPki.create(dir.resolve("pki"));
        Path acl = Files.writeString(dir.resolve("coaptree.acl"), ACL);
        broker = EmbeddedBroker.builder().tls(pki.serverKeystore("broker", PASSWORD), PASSWORD)
                .gateways(GatewayAdmission.of(pki.caCertificatePem(), Map.of("gA1", "pw-gA1", "dA", "pw-dA"), acl))
                .start();
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    private static MqttClient connect(String user, String password, Path store) throws Exception {
        URI uri = URI.create(broker.tlsUrl());
        MqttClient client = new MqttClient("ssl://" + uri.getHost() + ":" + uri.getPort(), user + "-" + System.nanoTime(),
                new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setSocketFactory(TestPki.tlsContext(store, PASSWORD).getSocketFactory());
        options.setUserName(user);
        options.setPassword(password.toCharArray());
        options.setConnectionTimeout(10);
        client.setTimeToWait(10_000);
        client.connect(options);
        return client;
    }

    private static BlockingQueue<String> subscribe(MqttClient client, String filter) throws MqttException {
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        client.subscribeWithResponse(filter, 1,
                (t, m) -> received.add(t + " " + new String(m.getPayload(), StandardCharsets.UTF_8)));
        return received;
    }

    @Test
    void gatewaysExchangeOnTheirTopicsAndNothingElsePasses() throws Exception {
        MqttClient gA1 = connect("gA1", "pw-gA1", pki.client("gA1", "mqtt", PASSWORD).keystore());
        MqttClient dA = connect("dA", "pw-dA", pki.client("dA", "mqtt", PASSWORD).keystore());
        try {
            BlockingQueue<String> atGA1 = subscribe(gA1, "coaptree/A/1/gA1/query");
            BlockingQueue<String> atDA = subscribe(dA, "coaptree/A/-/dA/query");
            BlockingQueue<String> heartbeats = subscribe(dA, "coaptree/+/+/+/heartbeat");
            gA1.publish("coaptree/A/1/gA1/heartbeat", "hb".getBytes(StandardCharsets.UTF_8), 1, false);
            assertEquals("coaptree/A/1/gA1/heartbeat hb", heartbeats.poll(10, TimeUnit.SECONDS));
            gA1.publish("coaptree/A/-/dA/query", "up".getBytes(StandardCharsets.UTF_8), 1, false);
            assertEquals("coaptree/A/-/dA/query up", atDA.poll(10, TimeUnit.SECONDS));
            dA.publish("coaptree/A/1/gA1/query", "down".getBytes(StandardCharsets.UTF_8), 1, false);
            assertEquals("coaptree/A/1/gA1/query down", atGA1.poll(10, TimeUnit.SECONDS));

            // Each refusal is judged against a marker the same client publishes right after the forbidden message, at
            // the same QoS, which reaches the same subscriber: a broker hands one connection's publishes on in order,
            // so a forbidden message let through would arrive before its marker.

            // gA1 may not speak for dA (QoS 0: Moquette never acknowledges a refused QoS 1 publish)
            gA1.publish("coaptree/A/-/dA/heartbeat", "forged".getBytes(StandardCharsets.UTF_8), 0, false);
            gA1.publish("coaptree/A/1/gA1/heartbeat", "marker".getBytes(StandardCharsets.UTF_8), 0, false);
            assertEquals("coaptree/A/1/gA1/heartbeat marker", heartbeats.poll(10, TimeUnit.SECONDS),
                    "the forged heartbeat passed, or the marker did not arrive");

            // gA1 may not read dA's requests: its subscription is refused, and a request to dA does not reach it
            BlockingQueue<String> stolen = new LinkedBlockingQueue<>();
            gA1.setCallback(new Collecting(stolen)); // where Paho hands a message no listener of gA1 matches
            assertEquals(0x80, gA1.subscribeWithResponse("coaptree/A/-/dA/query", 1,
                    (t, m) -> stolen.add(t + " " + new String(m.getPayload(), StandardCharsets.UTF_8)))
                    .getGrantedQos()[0]);
            BlockingQueue<String> atGA1Heartbeats = subscribe(gA1, "coaptree/+/+/+/heartbeat");
            gA1.publish("coaptree/A/-/dA/query", "for-dA-only".getBytes(StandardCharsets.UTF_8), 1, false);
            gA1.publish("coaptree/A/1/gA1/heartbeat", "marker-2".getBytes(StandardCharsets.UTF_8), 1, false);
            assertEquals("coaptree/A/-/dA/query for-dA-only", atDA.poll(10, TimeUnit.SECONDS), "dA got its request");
            assertEquals("coaptree/A/1/gA1/heartbeat marker-2", atGA1Heartbeats.poll(10, TimeUnit.SECONDS));
            assertNull(stolen.poll(), "gA1 read a request to dA");
        } finally {
            gA1.disconnect();
            dA.disconnect();
        }
    }

    /** Collects, as "topic payload", every message a client gets outside its subscriptions' own listeners. */
    private record Collecting(BlockingQueue<String> into) implements MqttCallback {
        @Override
        public void messageArrived(String topic, MqttMessage message) {
            into.add(topic + " " + new String(message.getPayload(), StandardCharsets.UTF_8));
        }

        @Override
        public void connectionLost(Throwable cause) {
            // the test's next call fails on its own
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // nothing to collect
        }
    }

    @Test
    void noCertificateOrAWrongPasswordCannotConnect() throws Exception {
        Path gA1 = pki.client("gA1-2", "mqtt", PASSWORD).keystore();
        assertThrows(MqttException.class, () -> connect("gA1", "wrong", gA1));
        assertThrows(MqttException.class, () -> connect("gA1", "pw-gA1", pki.truststore(PASSWORD)));
        connect("gA1", "pw-gA1", gA1).disconnect(); // the certificate proves only membership of the tree
    }
}
