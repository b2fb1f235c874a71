package io.coaptree.harness.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.brokeracl.BrokerAclTool;
import io.coaptree.harness.pki.TestPki;

/**
 * The embedded broker admitting a tree's gateways with the access list the shipped generator writes from
 * {@code kura-config/} for the demo's seven gateways and a read-only monitor: client ids bound to credentials, last
 * wills under the access list, publishes and subscriptions under it, and TLS with a client certificate of the tree's
 * CA. Real Paho clients over real TLS.
 */
class TreeAccessTest {

    private static final char[] STORE_PASSWORD = "client-store".toCharArray();
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final List<String> FLEET = List.of("top root", "dA domain A", "gA1 group A 1", "gA2 group A 2",
            "dB domain B", "gB1 group B 1", "gB2 group B 2", "monitor observer");

    @TempDir
    static Path dir;
    private static TestPki pki;
    private static final Map<String, String> PASSWORDS = new HashMap<>();
    private static EmbeddedBroker broker;

    @BeforeAll
    static void start() throws Exception {
        pki = TestPki.create(dir.resolve("pki"));
        for (String line : FLEET) {
            String name = line.substring(0, line.indexOf(' '));
            PASSWORDS.put(name, UUID.randomUUID().toString());
        }
        Path acl = generatedAccessList();
        char[] serverPassword = "server-store".toCharArray();
        broker = EmbeddedBroker.builder().tls(pki.serverKeystore("broker", serverPassword), serverPassword)
                .gateways(GatewayAdmission.of(pki.caCertificatePem(), PASSWORDS, acl)).start();
    }

    /** The shipped generator's access list, as an operator makes it. */
    private static Path generatedAccessList() throws Exception {
        Path inventory = Files.write(dir.resolve("fleet.txt"), FLEET);
        Path out = dir.resolve("generated");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(messages, true, StandardCharsets.UTF_8);
        int status = BrokerAclTool.run(new String[] { "--kura-config", System.getProperty("coaptree.kura-config"),
                "--inventory", inventory.toString(), "--out", out.toString(), "--auth", "password" }, print, print);
        assertEquals(0, status, messages.toString(StandardCharsets.UTF_8));
        return out.resolve(BrokerAclTool.ACL_FILE);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    private static TlsMqttClient connect(String user, String clientId) throws Exception {
        return connect(user, clientId, null);
    }

    private static TlsMqttClient connect(String user, String clientId, String willTopic) throws Exception {
        return TlsMqttClient.connect(broker.tlsUrl(), clientId, pki.client(user, "mqtt", STORE_PASSWORD).keystore(),
                STORE_PASSWORD, user, PASSWORDS.get(user), willTopic);
    }

    @Test
    void theMonitorsCredentialsWithAGatewaysClientIdAreRefusedAndTheGatewayStays() throws Exception {
        try (TlsMqttClient gB2 = connect("gB2", "gB2"); TlsMqttClient monitor = connect("monitor", "monitor-watch")) {
            assertEquals(1, monitor.subscribe("coaptree/#"));
            MqttException refused = assertThrows(MqttException.class, () -> connect("monitor", "gB2").close());
            assertEquals(MqttException.REASON_CODE_INVALID_CLIENT_ID, refused.getReasonCode(), refused.toString());
            // another gateway's credentials cannot take it either, nor a user's id with a longer owner's prefix
            assertThrows(MqttException.class, () -> connect("gB1", "gB2").close());
            assertThrows(MqttException.class, () -> connect("gB1", "gB2-cli").close());

            // gB2 kept its connection: what it publishes now still arrives
            byte[] heartbeat = ("hb " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
            gB2.publish("coaptree/B/2/gB2/heartbeat", heartbeat);
            monitor.receiveUntil(heartbeat, TIMEOUT);
            assertTrue(gB2.isConnected(), "gB2 was not pushed off the broker");
            assertEquals(0, gB2.connectionsLost());
            // its own credentials may open a second connection under an id of its own
            connect("gB2", "gB2-cli").close();
        }
    }

    @Test
    void aLastWillForAnotherGatewaysTopicIsRefusedAndOnItsOwnTopicDelivered() throws Exception {
        try (TlsMqttClient monitor = connect("monitor", "monitor-wills")) {
            assertEquals(1, monitor.subscribe("coaptree/+/+/+/lwt"));
            MqttException refused = assertThrows(MqttException.class,
                    () -> connect("gA1", "gA1-forger", "coaptree/B/2/gB2/lwt").close());
            assertEquals(MqttException.REASON_CODE_NOT_AUTHORIZED, refused.getReasonCode(), refused.toString());

            // the same credentials with a will on their own topic: the broker publishes it when the link breaks
            TlsMqttClient gA1 = connect("gA1", "gA1", "coaptree/A/1/gA1/lwt");
            gA1.breakConnection();
            List<TlsMqttClient.Received> wills = monitor.receiveUntil(new byte[0], TIMEOUT);
            assertEquals("coaptree/A/1/gA1/lwt", wills.get(wills.size() - 1).topic());
            assertTrue(wills.stream().noneMatch(w -> w.topic().startsWith("coaptree/B/2/gB2/")),
                    "no will was published for gB2: " + wills);
        }
    }

    @Test
    void theAccessListDropsForbiddenPublishesAndRefusesForbiddenSubscriptions() throws Exception {
        try (TlsMqttClient monitor = connect("monitor", "monitor-acl"); TlsMqttClient gA1 = connect("gA1", "gA1-acl")) {
            assertEquals(1, monitor.subscribe("coaptree/#"));
            assertEquals(1, gA1.subscribe("coaptree/A/-/+/heartbeat"), "a group reads its domain's membership");
            assertEquals(1, gA1.subscribe("coaptree/-/-/+/heartbeat"), "and the root's");
            assertEquals(0x80, gA1.subscribe("coaptree/+/+/+/heartbeat"), "not the fleet's");
            assertEquals(0x80, gA1.subscribe("coaptree/B/-/+/heartbeat"), "not another domain's");
            assertEquals(1, gA1.subscribe("coaptree/A/1/gA1/query"), "its own requests");
            assertEquals(0x80, gA1.subscribe("coaptree/B/2/gB2/query"), "another gateway's requests");
            assertEquals(0x80, gA1.subscribe("coaptree/#"), "the whole tree");

            byte[] forged = ("forged " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
            // QoS 1: acknowledged, as Mosquitto does, and dropped; the connection stays
            gA1.publish("coaptree/B/2/gB2/heartbeat", forged);
            gA1.publish("coaptree/A/-/dA/ctl", forged); // only the root's ctl: its heartbeats while dA is down
            byte[] own = ("own " + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8);
            gA1.publish("coaptree/A/1/gA1/heartbeat", own);
            // one publisher, one subscriber: the broker keeps their order, so a forged message would come first
            List<TlsMqttClient.Received> seen = monitor.receiveUntil(own, TIMEOUT);
            assertTrue(seen.stream().noneMatch(r -> new String(r.payload(), StandardCharsets.UTF_8).startsWith("forged")),
                    "the broker let gA1 publish as another gateway: " + seen);
            assertTrue(gA1.isConnected());
            assertEquals(0, broker.faults(), "a publish the access list drops is no fault: " + broker.faultReport());
        }
    }

    @Test
    void onlyAClientCertificateOfTheTreesCaWithItsPasswordConnects() throws Exception {
        Path trustOnly = pki.truststore(STORE_PASSWORD);
        assertThrows(MqttException.class, () -> TlsMqttClient.connect(broker.tlsUrl(), "gA2", trustOnly, STORE_PASSWORD,
                "gA2", PASSWORDS.get("gA2"), null).close(), "no client certificate");
        TestPki other = pki.otherCa(dir.resolve("other-ca"));
        Path forged = trusting(other.client("gA2", "mqtt", STORE_PASSWORD).keystore(), STORE_PASSWORD,
                pki.caCertificate());
        assertThrows(MqttException.class, () -> TlsMqttClient.connect(broker.tlsUrl(), "gA2", forged, STORE_PASSWORD,
                "gA2", PASSWORDS.get("gA2"), null).close(), "a certificate of another CA");
        Path own = pki.client("gA2", "mqtt", STORE_PASSWORD).keystore();
        MqttException wrong = assertThrows(MqttException.class,
                () -> TlsMqttClient.connect(broker.tlsUrl(), "gA2", own, STORE_PASSWORD, "gA2", "guess", null).close());
        assertEquals(MqttException.REASON_CODE_FAILED_AUTHENTICATION, wrong.getReasonCode(), wrong.toString());
        try (TlsMqttClient gA2 = TlsMqttClient.connect(broker.tlsUrl(), "gA2", own, STORE_PASSWORD, "gA2",
                PASSWORDS.get("gA2"), null)) {
            assertNotNull(gA2);
        }
        assertThrows(IllegalStateException.class, broker::url, "no plain listener");
    }

    /** A copy of {@code pkcs12} that also trusts {@code ca}: a client of another CA that trusts the broker. */
    private static Path trusting(Path pkcs12, char[] password, X509Certificate ca)
            throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(pkcs12)) {
            store.load(in, password);
        }
        store.setCertificateEntry("broker-ca", ca);
        Path copy = pkcs12.resolveSibling("trusting-" + pkcs12.getFileName());
        try (var out = Files.newOutputStream(copy)) {
            store.store(out, password);
        }
        return copy;
    }
}
