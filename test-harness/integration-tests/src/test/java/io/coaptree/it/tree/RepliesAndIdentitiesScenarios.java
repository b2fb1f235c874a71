package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
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

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.broker.TlsMqttClient;
import io.coaptree.harness.hierarchy.BrokerCredentials;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.pki.TestPki;
import io.coaptree.it.Libcoap;
import io.coaptree.tree.security.MessageSeal;

/**
 * Two attacks a stolen key or a same-named identity made possible (docs/hierarchy.md, "Threat model"), on the
 * seven-gateway tree of Kura-exact nodes with the shipped packages, on a broker a subclass starts with the generated
 * configuration; one tree for every test. With direct routes any gateway may publish on any reply topic, so a
 * gateway's stolen broker credentials and a key of the tree (here issued by the tree's CA for {@code B/-/dX}, an
 * address no live gateway uses) answer a request meant for gB2: the answer is
 * refused and counted as {@code unexpected-reply}, and the true answers keep arriving. A PSK identity {@code maint}
 * known only to gA1 is {@code A/1/gA1:psk:maint} at gB2: an allow-list entry {@code psk:maint} there (gB2's own
 * maint) does not admit it; {@code A/1/gA1:psk:maint} or {@code *:psk:maint} does. During each attack gB1 reads a
 * resource of gA1 without pause, and its latency is printed for docs/performance.md.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RepliesAndIdentitiesScenarios {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String REMOTE_TEMPERATURE = "/tree/B/2/gB2/temperature";
    private static final String REMOTE_SWITCH = "/tree/B/2/gB2/switch";
    private static final String FORGED = "666.6";

    
    private TreeBroker broker;
    private TreeHierarchy tree;
    private AdmittedTree admitted;

    /** Whether each client also logs in with its name and a password of its own. */
    protected abstract boolean withPasswords();

    /** Starts the broker with the generated files and these credentials; it listens for TLS only. */
    protected abstract TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception;

    /**
     * The tree as "The broker admits only gateways" (docs/hierarchy.md) sets it up: the broker configured with what
     * the shipped generator writes, every gateway with a client certificate of its own, an operator's monitor that
     * reads the whole tree.
     */
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

    /** A client with the broker credentials of {@code user} (a gateway, or the monitor) under {@code clientId}. */
    private TlsMqttClient connectAs(String user, String clientId) throws Exception {
        return admitted.connectWith(user, clientId, null);
    }

    /**
     * A client at gA1 observes gB2's thermometer; the stolen key answers the relation's correlation id with a
     * notification of its own (sealed as itself, so the seal holds) and with 200 guessed ones. gA1 refuses each as
     * {@code unexpected-reply}, the client never sees the forged value, and gB2's next notification still arrives.
     */
    @Test
    @Order(1)
    void aReplyFromAGatewayNotAskedIsRefusedCountedAndTheTrueAnswersArrive() throws Exception {
        BlockingQueue<CoapResponse> notifications = new LinkedBlockingQueue<>();
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort("gA1") + REMOTE_TEMPERATURE);
        String nonce = UUID.randomUUID().toString();
        // The monitor shows the test the correlation id; the thief has the broker credentials of gA3 (a gateway of
        // the inventory that is not running: a running one's would take over its session, the brokers binding client
        // ids to credentials) and a key of the tree for B/-/dX.
        try (TlsMqttClient watcher = connectAs(AdmittedTree.MONITOR, "monitor-" + nonce);
                TlsMqttClient attacker = connectAs(AdmittedTree.SPARE.name(), AdmittedTree.SPARE.name());
                RemoteReadLatency reads = readsOfGA1AtGB1()) {
            assertEquals(1, watcher.subscribe("coaptree/B/2/gB2/query"));
            assertEquals(1, watcher.subscribe("coaptree/A/1/gA1/reply"));
            // gA1 does not follow gB2 (another domain): a read through the tree teaches it the direct route, which
            // the relation then takes for the route's lease (docs/hierarchy.md, "Routes")
            assertEquals(ResponseCode.CONTENT, client.get().getCode());
            CoapObserveRelation relation = client.observe(collect(notifications));
            CoapResponse first = notifications.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertNotNull(first, "the relayed relation is established");
            CoapEnvelope registration = envelopeOn(watcher, "coaptree/B/2/gB2/query", e -> e.path()
                    .equals("temperature") && e.observe() == 0 && "A/1/gA1".equals(e.sourceNode()));
            CoapEnvelope answer = envelopeOn(watcher, "coaptree/A/1/gA1/reply",
                    e -> e.correlationId() == registration.correlationId() && "B/2/gB2".equals(e.sourceNode()));

            // one boot of the stolen key, its sequence numbers counting up: nothing is refused as replayed
            MessageSeal stolen = SealForger.sealer("B/-/dX", tree.pki().issue("B/-/dX"), Duration.ZERO);
            String reply = "coaptree/A/1/gA1/reply";
            long before = refused("gA1");
            EnvelopeCodec codec = new EnvelopeCodec();
            // newer than what gB2 sent, so a client relay that took it would pass it on
            int observe = (answer.observe() + 100) & CoapEnvelope.MAX_OBSERVE;
            publish(attacker, reply, SealForger.hinted(stolen.seal(reply,
                    codec.encode(forgedAnswer(registration.correlationId(), observe)))));
            Random random = new Random(29);
            for (int i = 0; i < 200; i++) {
                publish(attacker, reply, SealForger.hinted(stolen.seal(reply,
                        codec.encode(forgedAnswer(random.nextLong() & Long.MAX_VALUE, observe)))));
            }
            tree.awaitTree("gA1", "(tree.refused.unexpected-reply>=" + (before + 201) + ")", TIMEOUT);

            // The thermometer changes every 5 s: its next notification comes, and nothing forged before it.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            CoapResponse next = null;
            while (next == null && System.nanoTime() < deadline) {
                CoapResponse n = notifications.poll(1, TimeUnit.SECONDS);
                if (n != null) {
                    assertTrue(!n.getResponseText().contains(FORGED), "the forged answer reached the client");
                    next = n.getResponseText().equals(first.getResponseText()) ? null : n;
                }
            }
            assertNotNull(next, "gB2's next notification arrived after the attack");
            relation.proactiveCancel();
            assertTrue(reads.answered() > 0, "gB1's reads of gA1 were answered during the attack");
            System.out.println("[performance] " + reads.report("forged replies with a stolen key (201 at gA1)"));
        } finally {
            client.shutdown();
        }
    }

    /**
     * maint is known only to gA1. gB2's allow-list names its own maint ({@code psk:maint}) and gB1's: gA1's maint is
     * refused 4.03; named {@code A/1/gA1:psk:maint}, or fleet-wide {@code *:psk:maint}, it writes. A malformed entry
     * is refused naming the field, and the running policy keeps applying.
     */
    @Test
    @Order(2)
    void aPskIdentityOfAnotherGatewayIsNotTheSameNamedIdentityOfThisOne() throws Exception {
        String key = Long.toHexString(new SecureRandom().nextLong());
        IntSupplier securePort = maintPskAtGA1(key);
        try (RemoteReadLatency reads = readsOfGA1AtGB1()) {
            writersAtGB2("psk:maint\nB/1/gB1:psk:maint");
            awaitWriteAnswer(key, securePort, "off", "4.03"); // the switch is off: only the answer tells
            String refused = writeAsMaint(key, securePort, "on");
            assertTrue(refused.contains("4.03"), refused);
            assertEquals("off", read("gB1", REMOTE_SWITCH), "the refused write changed nothing");

            writersAtGB2("A/1/gA1:psk:maint");
            awaitSwitched(key, securePort, "on");

            writersAtGB2("*:psk:maint");
            awaitSwitched(key, securePort, "off");

            KuraNode gB2 = tree.node("gB2");
            gB2.updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("access.writers", "A/1:psk:maint"));
            assertTrue(gB2.awaitServiceProperty(TreeHierarchy.SERVER_SERVICE,
                    "(coap.config.error=access.writers*)", TIMEOUT), "the refusal names the field");
            awaitSwitched(key, securePort, "on"); // *:psk:maint still applies
            assertTrue(reads.answered() > 0, "gB1's reads of gA1 were answered during the attack");
            System.out.println("[performance] " + reads.report("gA1's psk:maint writing at gB2"));
        } finally {
            writersAtGB2("");
        }
    }

    /**
     * Publishes at QoS 1 as fast as the client's in-flight window lets it: Paho refuses a publish while its window is
     * full (32202, even after an acknowledgement it has not released yet), so that one is tried again.
     */
    private static void publish(TlsMqttClient client, String topic, byte[] payload) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (true) {
            try {
                client.publish(topic, payload);
                return;
            } catch (MqttException e) {
                if (e.getReasonCode() != MqttException.REASON_CODE_MAX_INFLIGHT || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(5);
            }
        }
    }

    private RemoteReadLatency readsOfGA1AtGB1() {
        return new RemoteReadLatency("coap://127.0.0.1:" + tree.coapPort("gB1") + "/tree/A/1/gA1/temperature");
    }

    private long refused(String gateway) {
        Object count = tree.treeProperty(gateway, "tree.refused.unexpected-reply");
        return count == null ? 0 : ((Number) count).longValue();
    }

    private static CoapEnvelope forgedAnswer(long correlationId, int observe) {
        return CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, CoapCodes.CONTENT).correlationId(correlationId)
                .observe(observe).contentFormat(CoapCodes.TEXT_PLAIN)
                .payload(FORGED.getBytes(StandardCharsets.US_ASCII)).sourceNode("B/-/dX")
                .destinationNode("A/1/gA1").build();
    }

    /** The first envelope on {@code topic} that {@code wanted} accepts, as the monitor received it (batches skipped). */
    private static CoapEnvelope envelopeOn(TlsMqttClient watcher, String topic,
            java.util.function.Predicate<CoapEnvelope> wanted) throws Exception {
        EnvelopeCodec codec = new EnvelopeCodec();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            TlsMqttClient.Received message = watcher.poll(Duration.ofSeconds(1));
            if (message == null || !message.topic().equals(topic)) {
                continue;
            }
            // the class hint byte, then the seal
            byte[] content = SealForger.contentOf(Arrays.copyOfRange(message.payload(), 1, message.payload().length));
            if (content.length > 0 && content[0] == EnvelopeCodec.FORMAT_VERSION) {
                CoapEnvelope envelope = codec.decode(content);
                if (wanted.test(envelope)) {
                    return envelope;
                }
            }
        }
        throw new AssertionError("no such envelope on " + topic + " within " + TIMEOUT);
    }

    private static CoapHandler collect(BlockingQueue<CoapResponse> into) {
        return new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                into.add(response);
            }

            @Override
            public void onError() {
                // a missing notification fails the polls
            }
        };
    }

    /** Gives gA1 a DTLS endpoint that admits psk:maint with {@code key}; its port as gA1 announces it when asked. */
    private IntSupplier maintPskAtGA1(String key) throws Exception {
        KuraNode gA1 = tree.node("gA1");
        gA1.updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("coaps.enabled", true, "coaps.port", 0,
                "dtls.certificates.source", "none", "dtls.psk.credentials", "maint=" + key));
        assertTrue(gA1.awaitServiceProperty(TreeHierarchy.SERVER_SERVICE, "(coaps.port=*)", TIMEOUT));
        return () -> ((Number) gA1.serviceProperty(TreeHierarchy.SERVER_SERVICE, "(coaps.port=*)", "coaps.port"))
                .intValue();
    }

    private void writersAtGB2(String writers) throws Exception {
        tree.node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("access.writers", writers));
    }

    /** Writes as maint through gA1 until the answer contains {@code code} (the new policy applies asynchronously). */
    private String awaitWriteAnswer(String key, IntSupplier port, String value, String code) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String output = "";
        while (System.nanoTime() < deadline) {
            output = writeAsMaint(key, port, value);
            if (output.contains(code)) {
                return output;
            }
            Thread.sleep(200);
        }
        return fail("maint's write of " + value + " never answered " + code + ": " + output);
    }

    /** Writes as maint through gA1 until gB2's switch reads {@code value}. */
    private void awaitSwitched(String key, IntSupplier port, String value) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String output = "";
        while (System.nanoTime() < deadline) {
            output = writeAsMaint(key, port, value);
            if (read("gB1", REMOTE_SWITCH).equals(value)) {
                return;
            }
            Thread.sleep(200);
        }
        fail("maint of gA1 could not switch gB2 to " + value + ": " + output);
    }

    private String writeAsMaint(String key, IntSupplier port, String value) throws Exception {
        return Libcoap.run("coap-client-openssl", "-u", "maint", "-k", key, "-B", "10", "-m", "put", "-e", value,
                "coaps://127.0.0.1:" + port.getAsInt() + REMOTE_SWITCH).output();
    }

    private String read(String gateway, String path) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + path);
        try {
            client.setTimeout(15_000L);
            CoapResponse response = client.get();
            return response == null ? "no answer" : response.getResponseText().trim();
        } finally {
            client.shutdown();
        }
    }

}
