package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import io.coaptree.harness.broker.TlsMqttClient;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.pki.TestPki;

/**
 * "The broker admits only gateways" (docs/hierarchy.md): the seven-gateway tree on a broker configured with what the
 * shipped generator ({@code coaptree-broker-acl}) writes from the {@code kura-config/} snapshots and the fleet's
 * inventory, every gateway connecting over TLS with a client certificate of its own (keys generated for the run). A
 * client without gateway credentials cannot connect; a stolen gateway's credentials (of a gateway of group A/1, see
 * {@link AdmittedTree}) publish and subscribe only on that gateway's topics (shown by an operator's monitor, which
 * reads the whole tree and never receives the forbidden messages); reads, writes, Observe and lookups cross the tree,
 * also while a domain is down and after a broker restart.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrokerAdmissionScenarios {

    static final Duration TIMEOUT = AdmittedTree.TIMEOUT;
    static final String MONITOR = AdmittedTree.MONITOR;
    private static final String ROOT = TreeHierarchy.ROOT_NAME;
    private static final String REMOTE_TEMPERATURE = "/tree/B/2/gB2/temperature";
    private static final char[] STORE_PASSWORD = "client-store".toCharArray();
    /** The stolen credentials: a gateway of group A/1 that the inventory lists, never running (see AdmittedTree). */
    private static final String THIEF = AdmittedTree.SPARE.name();

    protected AdmittedTree admitted;
    protected TreeBroker broker;
    private TreeHierarchy tree;

    /** Whether each client also logs in with its name and a password of its own (the certificate alone is not). */
    protected abstract boolean withPasswords();

    /** Starts the broker with the generated files and these credentials; it listens for TLS only. */
    protected abstract TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception;

    @BeforeAll
    void startTree() throws Exception {
        admitted = AdmittedTree.start(withPasswords(), this::startBroker);
        broker = admitted.broker();
        tree = admitted.tree();
    }

    @AfterAll
    void stopTree() {
        if (admitted != null) {
            admitted.close();
        }
    }

    /**
     * A client with the credentials of {@code user} (a gateway or {@value #MONITOR}) under {@code clientId}, with an
     * empty last will on {@code willTopic} unless null.
     */
    protected TlsMqttClient connectWith(String user, String clientId, String willTopic) throws Exception {
        return admitted.connectWith(user, clientId, willTopic);
    }

    /** The gateways that do not see their whole neighbourhood live now (none while the tree is whole). */
    protected List<String> missingNeighbours() {
        return tree.gateways().stream().filter(g -> !String.valueOf(tree.neighbours(g.name()))
                .equals(String.valueOf(tree.treeProperty(g.name(), "tree.members.live")))).map(g -> g.name()).toList();
    }

    @Test
    @Order(1)
    void theTreeRunsOnTheBrokerWithEachGatewaysOwnCertificate() throws Exception {
        assertTrue(broker.url().startsWith("mqtts://"), broker.url());
        assertEquals(ResponseCode.CONTENT, awaitContent("gA1", REMOTE_TEMPERATURE).getCode());
    }

    @Test
    @Order(2)
    void aClientWithoutGatewayCredentialsCannotConnect() throws Exception {
        TestPki pki = admitted.pki();
        Path trustOnly = pki.truststore(STORE_PASSWORD);
        assertThrows(MqttException.class, () -> TlsMqttClient.connect(broker.url(), "no-certificate", trustOnly,
                STORE_PASSWORD, "gA1", admitted.password("gA1", "guess")).close(), "no client certificate");
        TestPki other = pki.otherCa(Files.createTempDirectory(Path.of(System.getProperty("coaptree.work",
                "target/nodes")), "other-ca-"));
        TestPki.ClientIdentity forged = other.client("gA1", "mqtt", STORE_PASSWORD);
        // trusts the broker (our CA added) but presents a certificate "gA1" of another CA
        assertThrows(MqttException.class, () -> TlsMqttClient.connect(broker.url(), "other-ca", withOurCa(forged),
                STORE_PASSWORD, "gA1", admitted.password("gA1", "guess")).close(), "a certificate of another CA");
    }

    /** The forged identity's store plus our CA as trusted entry, so that only the client side is wrong. */
    private Path withOurCa(TestPki.ClientIdentity forged) throws Exception {
        java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(forged.keystore())) {
            store.load(in, STORE_PASSWORD);
        }
        store.setCertificateEntry("ca", admitted.pki().caCertificate());
        Path file = forged.keystore().resolveSibling("forged-with-our-ca.p12");
        try (var out = Files.newOutputStream(file)) {
            store.store(out, STORE_PASSWORD);
        }
        return file;
    }

    @Test
    @Order(3)
    void aStolenGatewayCredentialPublishesAndSubscribesOnlyOnThatGatewaysTopics() throws Exception {
        String nonce = UUID.randomUUID().toString();
        // gA1 does not follow gB2: a first read through the tree teaches it the direct route the request below takes
        assertEquals(ResponseCode.CONTENT, awaitContent("gA1", REMOTE_TEMPERATURE).getCode());
        // A running gateway's credentials would take its connection over on Mosquitto, which makes every user's
        // client id its user name: the thief holds those of a gateway of A/1 that is not running.
        try (TlsMqttClient watcher = connectWith(MONITOR, "monitor-" + nonce, null);
                TlsMqttClient thief = connectWith(THIEF, THIEF + "-thief-" + nonce, null)) {
            assertEquals(1, watcher.subscribe("coaptree/#"), "the observer reads the whole tree");
            // Mosquitto grants any subscription and applies the read rules to each message; the embedded broker
            // refuses it
            for (String filter : List.of("coaptree/+/+/+/query", "coaptree/B/2/gB2/reply", "coaptree/#")) {
                int granted = thief.subscribe(filter);
                assertTrue(granted == 1 || granted == 0x80, filter + ": " + granted);
            }
            assertEquals(1, thief.subscribe("coaptree/A/1/" + THIEF + "/query"), "its own requests");
            // tree traffic the thief must not see: a request from A/1 to B/2 and its reply (a direct route: one
            // broker)
            assertEquals(ResponseCode.CONTENT, awaitContent("gA1", REMOTE_TEMPERATURE).getCode());

            // other gateways' membership and control topics, directory sets outside parent and child (requests and
            // replies may go to every gateway of the broker: direct routes; their seals are what the gateways check)
            List<String> forbidden = List.of("coaptree/B/2/gB2/heartbeat", "coaptree/A/2/gA2/leave",
                    "coaptree/B/2/gB2/rd", "coaptree/-/-/" + ROOT + "/heartbeat", "coaptree/A/-/dA/lwt",
                    "coaptree/A/2/gA2/rd", "coaptree/B/-/dB/ctl", "coaptree/-/-/gA1/join", "coaptree/C/1/gC1/query",
                    "other/topic");
            for (String topic : forbidden) { // QoS 0: each is one packet, in order with the marker
                thief.send(topic, ("attack " + nonce).getBytes(StandardCharsets.UTF_8));
            }
            // allowed for the thief (its own query topic); nobody runs there
            byte[] marker = ("marker " + nonce).getBytes(StandardCharsets.UTF_8);
            thief.publish("coaptree/A/1/" + THIEF + "/query", marker);
            // one publisher, one subscriber: the broker keeps their order, so whatever was let through came first
            List<TlsMqttClient.Received> watched = watcher.receiveUntil(marker, Duration.ofSeconds(20));
            for (TlsMqttClient.Received r : watched) {
                assertTrue(!new String(r.payload(), StandardCharsets.UTF_8).equals("attack " + nonce),
                        "the broker let " + THIEF + "'s credentials publish on " + r.topic());
            }
            assertTrue(watched.stream().anyMatch(r -> r.topic().equals("coaptree/B/2/gB2/query")),
                    "the monitor saw the request reach B/2");
            // the shortest route: straight to the owner and back, no hop through dA, the root or dB
            assertEquals(java.util.Set.of("coaptree/B/2/gB2/query", "coaptree/A/1/gA1/reply"), watched.stream()
                    .map(TlsMqttClient.Received::topic).filter(t -> t.endsWith("/query") || t.endsWith("/reply"))
                    .filter(t -> !t.equals("coaptree/A/1/" + THIEF + "/query"))
                    .collect(java.util.stream.Collectors.toSet()));
            // every gateway reads the membership topics; requests, replies, RD and control only its own
            for (TlsMqttClient.Received r : thief.receiveUntil(marker, Duration.ofSeconds(20))) {
                assertTrue(r.topic().startsWith("coaptree/A/1/" + THIEF + "/")
                        || r.topic().matches("coaptree/[^/]+/[^/]+/[^/]+/(join|heartbeat|leave|lwt)"),
                        THIEF + "'s credentials read " + r.topic());
            }
        }
        // the forged membership messages took nobody off the tree (read once settled: a gateway marked down by them
        // would come back only at its next heartbeat, seconds later)
        tree.awaitTree(ROOT, tree.neighbourhood(ROOT), TIMEOUT);
        awaitContent("gA1", REMOTE_TEMPERATURE);
    }

    @Test
    @Order(4)
    void readsWritesObserveAndLookupsCrossTheTree() throws Exception {
        assertEquals(ResponseCode.CONTENT, awaitContent(ROOT, REMOTE_TEMPERATURE).getCode());
        assertEquals(ResponseCode.CONTENT, awaitContent("gB1", "/tree/A/2/gA2/temperature").getCode());

        // writes without DTLS, as on a closed test network: the entry gateway and the owner both judge them
        tree.node("gA1").updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("access.writes", "open"));
        tree.node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("access.writes", "open"));
        String remoteSwitch = "/tree/B/2/gB2/switch";
        CoapResponse written = null;
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) { // until gB2 applied access.writes=open
            written = coap("gA1", remoteSwitch, c -> c.put("on", 0));
            if (written != null && written.getCode() == ResponseCode.CHANGED) {
                break;
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        assertEquals(ResponseCode.CHANGED, written == null ? null : written.getCode(), "a write from A/1 to B/2");
        assertEquals("on", coap("gA1", remoteSwitch, CoapClient::get).getResponseText().trim());

        GatewayCoap.observeOneNotification(tree, "gA1", REMOTE_TEMPERATURE);

        // the root's own directory resolves the links against its address: match the paths' ends
        List<String> expected = List.of("/tree/A/1/gA1/temperature>", "/tree/A/2/gA2/temperature>",
                "/tree/B/1/gB1/temperature>", "/tree/B/2/gB2/temperature>");
        awaitLinks(ROOT, "/tree-lookup/res", expected);
        awaitLinks(ROOT, "/rd-lookup/res", expected); // synchronised up to the root's own directory
    }

    @Test
    @Order(5)
    void whileADomainIsDownItsGroupsTalkToTheRootAndTheTreeHeals() throws Exception {
        tree.stop("dA");
        tree.awaitTree("gA1", "(tree.parent=-/-/" + ROOT + ")", Duration.ofSeconds(20));
        tree.awaitTree("gA2", "(tree.parent=-/-/" + ROOT + ")", Duration.ofSeconds(20));
        assertEquals(ResponseCode.CONTENT, awaitContent("gA1", REMOTE_TEMPERATURE).getCode(), "A/1 -> root -> B");
        assertEquals(ResponseCode.CONTENT, awaitContent("gB1", "/tree/A/2/gA2/temperature").getCode(),
                "... -> root -> A/2");
        awaitLinks(ROOT, "/rd-lookup/res", List.of("/tree/A/1/gA1/temperature>")); // A/1 synchronises to the root
        tree.restart("dA");
        tree.awaitTree("gA1", "(tree.parent=A/-/dA)", TIMEOUT);
        tree.awaitTree(ROOT, tree.neighbourhood(ROOT), TIMEOUT);
        assertEquals(ResponseCode.CONTENT, awaitContent("gB1", "/tree/A/1/gA1/temperature").getCode());
    }

    @Test
    @Order(6)
    void afterABrokerRestartTheTreeRecoversAndServes() throws Exception {
        broker.restart();
        for (TreeHierarchy.Gateway g : tree.gateways()) {
            tree.awaitTree(g.name(), tree.neighbourhood(g.name()), TIMEOUT);
        }
        assertEquals(ResponseCode.CONTENT, awaitContent("gA1", REMOTE_TEMPERATURE).getCode());
        awaitLinks("gA1", "/tree-lookup/res?scope=B", List.of("/tree/B/1/gB1/temperature>"));
    }

    private CoapResponse coap(String gateway, String pathAndQuery, GatewayCoap.Call call) throws Exception {
        return GatewayCoap.call(tree, gateway, pathAndQuery, call);
    }

    /** The first 2.05 within the timeout (a tree that just changed may answer 5.03 for a moment). */
    private CoapResponse awaitContent(String gateway, String path) throws Exception {
        return awaitAnswer(gateway, path, r -> r.getCode() == ResponseCode.CONTENT);
    }

    private void awaitLinks(String gateway, String pathAndQuery, List<String> links) throws Exception {
        awaitAnswer(gateway, pathAndQuery, r -> links.stream().allMatch(r.getResponseText()::contains));
    }

    private CoapResponse awaitAnswer(String gateway, String pathAndQuery,
            java.util.function.Predicate<CoapResponse> wanted) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        CoapResponse last = null;
        while (System.nanoTime() < deadline) {
            last = coap(gateway, pathAndQuery, CoapClient::get);
            if (last != null && wanted.test(last)) {
                return last;
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        throw new AssertionError(pathAndQuery + " at " + gateway + " within " + TIMEOUT + ": "
                + (last == null ? "no answer" : last.getCode() + " " + last.getResponseText()));
    }
}
