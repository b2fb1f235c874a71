package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;
import io.coaptree.harness.hierarchy.cloud.CloudPublisherBundle;
import io.coaptree.harness.hierarchy.cloud.bundle.CloudConnectionSettings;
import io.coaptree.harness.node.KuraNode;
import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.delivery.BatchFrame;
import io.coaptree.tree.security.MessageSeal;

/**
 * The telemetry uplink (docs/hierarchy.md, "Telemetry uplink") on Kura-exact nodes running the shipped packages: a
 * root, domain B and group B/1 on the embedded broker. Group gB1 takes device data in (records POSTed to
 * {@code /telemetry}, notifications of a device resource registered in its Resource Directory and selected by
 * {@code rt=}) and sends it up the tree; the root's consumer is its {@code /telemetry-feed}. Then gB1 sends to a Kura
 * CloudPublisher instead, an attacker on the broker publishes forged telemetry, a bad value is applied in the WebUI,
 * and the broker goes away for a while. Last, gB1's batching as the broker sees it (gB1 is provisioned with low
 * thresholds), and batches, one malformed, at the root.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TelemetryScenariosTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String PID = "io.coaptree.telemetry.TelemetryUplink";
    private static final String STATUS = "io.coaptree.telemetry.component.TelemetryStatus";
    private static final String ROOT = TreeHierarchy.ROOT_NAME;
    private static final String GROUP = "gB1";
    private static final String CLOUD_PID = "org.eclipse.kura.cloud.publisher.CloudPublisher-telemetry";
    private static final String GROUP_TOPIC = "coaptree/B/1/gB1/telemetry";
    /**
     * gB1's batching, set so that a test client crosses it on any machine: on and off at 40 and 10 records a second,
     * batches of at most 512 bytes, and a 50 ms wait (a slow machine's burst still has several records a wait).
     */
    private static final int ON_RATE = 40;
    private static final int OFF_RATE = 10;
    private static final int BATCH_BYTES = 512;
    private static final long BATCH_WAIT_MILLIS = 50;

    private EmbeddedBroker broker;
    private TreeHierarchy tree;
    private CoapServer device;
    private ThermometerResource thermometer;

    @BeforeAll
    void startTree() throws Exception {
        TreeTestSettings.californiumClients();
        Path work = TreeTestSettings.workDirectory();
        broker = new EmbeddedBroker(0);
        TreeHierarchy.Settings settings = TreeTestSettings.fastTree(work, "telemetry-", broker.url(),
                Map.of("access.writes", "open"));
        tree = TreeHierarchy.start(settings, List.of(new Gateway(ROOT, 0, "", ""), new Gateway("dB", 1, "B", ""),
                new Gateway(GROUP, 2, "B", "1")), TIMEOUT, g -> g.name().equals(GROUP)
                        ? Map.of(TreeHierarchy.TREE_PID, Map.<String, Object>of("delivery.batch.on.rate", ON_RATE,
                                "delivery.batch.off.rate", OFF_RATE, "delivery.batch.max.bytes", BATCH_BYTES,
                                "delivery.batch.max.wait.ms", BATCH_WAIT_MILLIS))
                        : Map.of());
        configure(ROOT, Map.of("telemetry.enabled", true, "telemetry.destination", "root"));
        configure(GROUP, Map.of("telemetry.enabled", true, "telemetry.destination", "root",
                "telemetry.lookup", "rt=telemetry-temperature", "telemetry.topic", "building-b"));
    }

    @AfterAll
    void stopTree() {
        if (device != null) {
            device.destroy();
        }
        if (tree != null) {
            tree.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Order(1)
    void recordsPostedAtAGroupGatewayReachTheRootsFeedAndAMalformedPostIsAnswered400() throws Exception {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String record = "{\"device\":\"meter-7\",\"kwh\":" + (100 + i) + "}";
            awaitCode(ResponseCode.CHANGED, () -> post(GROUP, "/telemetry", record.getBytes(StandardCharsets.UTF_8),
                    MediaTypeRegistry.APPLICATION_JSON));
            sent.add(record);
        }
        for (String record : sent) {
            JsonObject arrived = awaitInFeed(r -> payload(r).equals(record));
            assertEquals("B/1/gB1", arrived.get("gateway").getAsString(), "the gateway that took it in");
            assertEquals("posted", arrived.get("origin").getAsString());
            assertEquals("building-b", arrived.get("topic").getAsString());
            assertEquals(MediaTypeRegistry.APPLICATION_JSON, arrived.get("ct").getAsInt());
            assertTrue(arrived.get("source").getAsString().startsWith("coap://127.0.0.1:"), arrived.toString());
        }

        CoapResponse empty = post(GROUP, "/telemetry", new byte[0], MediaTypeRegistry.TEXT_PLAIN);
        assertEquals(ResponseCode.BAD_REQUEST, empty.getCode());
        assertTrue(empty.getResponseText().contains("payload"), empty.getResponseText());
        CoapResponse badClass = post(GROUP, "/telemetry?dc=control", new byte[] { 1 }, MediaTypeRegistry.UNDEFINED);
        assertEquals(ResponseCode.BAD_REQUEST, badClass.getCode());
        assertTrue(badClass.getResponseText().startsWith("dc:"), badClass.getResponseText());
        CoapResponse tooLarge = post(GROUP, "/telemetry", new byte[2000], MediaTypeRegistry.UNDEFINED);
        assertEquals(ResponseCode.REQUEST_ENTITY_TOO_LARGE, tooLarge.getCode());
        assertEquals(ResponseCode.CHANGED, post(GROUP, "/telemetry?dc=urgent", "alarm".getBytes(),
                MediaTypeRegistry.TEXT_PLAIN).getCode());
        awaitInFeed(r -> payload(r).equals("alarm"));
    }

    @Test
    @Order(2)
    void notificationsOfAResourceRegisteredInTheGroupsDirectoryReachTheRoot() throws Exception {
        thermometer = new ThermometerResource();
        device = new CoapServer(0);
        device.add(thermometer);
        device.start();
        int port = device.getEndpoints().get(0).getAddress().getPort();
        String uri = "coap://127.0.0.1:" + port + "/thermometer";
        awaitCode(ResponseCode.CREATED, () -> post(GROUP, "/rd?ep=thermo-1&base=coap://127.0.0.1:" + port,
                "</thermometer>;rt=\"telemetry-temperature\";obs".getBytes(), MediaTypeRegistry.APPLICATION_LINK_FORMAT));
        // the gateway looks the criteria up shortly after the directory changed, and observes the resource
        awaitInFeed(r -> r.get("origin").getAsString().equals("observed") && r.get("source").getAsString().equals(uri));
        for (String value : List.of("21.5", "22.0")) {
            thermometer.set(value);
            JsonObject arrived = awaitInFeed(r -> r.get("source").getAsString().equals(uri) && payload(r).equals(value));
            assertEquals("B/1/gB1", arrived.get("gateway").getAsString());
            assertEquals(MediaTypeRegistry.TEXT_PLAIN, arrived.get("ct").getAsInt());
        }
    }

    /**
     * Kura's cloud connections are not part of the emulated node (Kura's own bundles are not on Maven Central); what a
     * component sees of one is a CloudPublisher service with a kura.service.pid, which the harness registers the same
     * way, and the uplink picks it by CloudPublisher.target as it would pick a real one.
     */
    @Test
    @Order(3)
    void withTheCloudAsDestinationAGroupsRecordsReachTheSelectedCloudPublisherAsKuraMessages() throws Exception {
        KuraNode group = tree.node(GROUP);
        // connected, as an operator does once a cloud connection is set up (Kura's does not connect by itself)
        CloudPublisherBundle.install(group.bundleContext(), CLOUD_PID,
                CloudConnectionSettings.kuraDefaults().autoConnect(true));
        configure(GROUP, Map.of("telemetry.enabled", true, "telemetry.destination", "cloud",
                "CloudPublisher.target", "(kura.service.pid=" + CLOUD_PID + ")", "telemetry.topic", "meters"));
        byte[] record = "{\"kwh\":7}".getBytes(StandardCharsets.UTF_8);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        Map<String, Object> message = null;
        while (message == null && System.nanoTime() < deadline) {
            post(GROUP, "/telemetry", record, MediaTypeRegistry.APPLICATION_JSON);
            message = CloudPublisherBundle.messages(group.bundleContext(), CLOUD_PID).stream()
                    .filter(m -> java.util.Arrays.equals(record, (byte[]) m.get("body"))).findFirst().orElse(null);
            Thread.sleep(100);
        }
        assertNotNull(message, "a KuraMessage with the record as body");
        @SuppressWarnings("unchecked")
        Map<String, Object> metrics = (Map<String, Object>) message.get("metrics");
        assertEquals("B/1/gB1", metrics.get("gateway"));
        assertEquals("posted", metrics.get("origin"));
        assertEquals("meters", metrics.get("topic"));
        assertEquals(MediaTypeRegistry.APPLICATION_JSON, metrics.get("contentFormat"));
        assertEquals(metrics, message.get("properties"), "the same facts as message properties, for topic templates");
        assertNotNull(message.get("timestamp"));
        configure(GROUP, Map.of("telemetry.enabled", true, "telemetry.destination", "root",
                "telemetry.lookup", "rt=telemetry-temperature", "telemetry.topic", "building-b"));
    }

    /**
     * A plain MQTT client publishes on gB1's telemetry topic: random bytes (unsigned), a well-formed record sealed with
     * a key the tree's CA issued to another address (forged: only gB1 may speak on its topic), and a record sealed by
     * a stranger's CA (untrusted). The root refuses and counts each; none reaches its feed.
     */
    @Test
    @Order(4)
    void forgedTelemetryFromAnMqttAttackerIsRefusedAndCountedAtTheRoot() throws Exception {
        String topic = GROUP_TOPIC;
        byte[] forgedRecord = new TelemetryCodec(1024).encode(record("forged-reading"));
        io.coaptree.harness.pki.TreePki.Gateway stolen = tree.pki().issue("B/1/gX");
        io.coaptree.harness.pki.TreePki rogue = io.coaptree.harness.pki.TreePki.create("Rogue CA");
        try (MqttAttacker attacker = new MqttAttacker(broker.url())) {
            refusedAtRoot("unsigned", () -> attacker.publish(topic, hinted(new byte[] { 1, 2, 3, 4 })));
            refusedAtRoot("forged", () -> attacker.publish(topic,
                    hinted(SealForger.seal("B/1/gX", stolen, Duration.ZERO, topic, forgedRecord))));
            refusedAtRoot("untrusted", () -> attacker.publish(topic,
                    hinted(SealForger.seal("B/1/gB1", rogue.issue("B/1/gB1"), Duration.ZERO, topic, forgedRecord))));
        }
        awaitCode(ResponseCode.CHANGED, () -> post(GROUP, "/telemetry", "after-the-attack".getBytes(),
                MediaTypeRegistry.TEXT_PLAIN));
        awaitInFeed(r -> payload(r).equals("after-the-attack"));
        assertTrue(feed().stream().noneMatch(r -> payload(r).equals("forged-reading")), "nothing forged arrived");
    }

    @Test
    @Order(5)
    void aBadValueAppliedInTheWebUiIsRefusedNamingTheFieldAndThePreviousConfigurationKeepsServing()
            throws Exception {
        KuraNode group = tree.node(GROUP);
        Map<String, Object> bad = new HashMap<>(Map.of("telemetry.enabled", true, "telemetry.destination", "root",
                "telemetry.delivery.class", "control"));
        group.updateConfiguration(PID, bad);
        assertTrue(group.awaitServiceProperty(STATUS, "(telemetry.config.error=telemetry.delivery.class*)", TIMEOUT),
                "the refusal names the field");
        bad.put("telemetry.delivery.class", "normal");
        bad.put("telemetry.lookup", "rt=x&&ep=y");
        group.updateConfiguration(PID, bad);
        assertTrue(group.awaitServiceProperty(STATUS, "(telemetry.config.error=telemetry.lookup*)", TIMEOUT));
        assertEquals("running", group.serviceProperty(STATUS, null, "telemetry.state"));
        awaitCode(ResponseCode.CHANGED, () -> post(GROUP, "/telemetry", "still-serving".getBytes(),
                MediaTypeRegistry.TEXT_PLAIN));
        awaitInFeed(r -> payload(r).equals("still-serving"));
    }

    @Test
    @Order(6)
    void whileTheBrokerIsOutOfReachARecordIsAnswered503WithTheReasonAndTakenAgainOnceItIsBack() throws Exception {
        broker.stop();
        // Until the gateway notices that the broker is gone it may still answer 2.04: each of those answers is a
        // promise that the record arrives. Each record is numbered to tell them apart.
        List<String> accepted = new ArrayList<>();
        List<String> refusedRecords = new ArrayList<>();
        try {
            // The gateway keeps no message store: a record it answered 2.04 now would be lost, so it says 5.03.
            CoapResponse refused = awaitCode(ResponseCode.SERVICE_UNAVAILABLE, () -> {
                String record = "during-the-outage-" + (accepted.size() + refusedRecords.size());
                CoapResponse answer = post(GROUP, "/telemetry", record.getBytes(), MediaTypeRegistry.TEXT_PLAIN);
                (answer.getCode() == ResponseCode.CHANGED ? accepted : refusedRecords).add(record);
                return answer;
            });
            assertTrue(refused.getResponseText().contains("not connected to its MQTT broker"),
                    refused.getResponseText());
            assertEquals(1L, refused.getOptions().getMaxAge(), "the device is told when to try again");
            assertEquals(ResponseCode.SERVICE_UNAVAILABLE, post(GROUP, "/telemetry?dc=urgent",
                    "urgent-during-the-outage".getBytes(), MediaTypeRegistry.TEXT_PLAIN).getCode(),
                    "urgent records alike");
            // Counted by reason in the component's status, as an operator's tool reads it.
            assertTrue(tree.node(GROUP).awaitServiceProperty(STATUS,
                    "(&(telemetry.records.refused.not-connected>=2)(telemetry.records.refused>=2))", TIMEOUT),
                    "the refusals are counted: " + tree.node(GROUP).serviceProperties(STATUS, null));
            // Long enough for the root to count the others down, so that hearing them again below means the root
            // is connected and subscribed again.
            tree.awaitTree(ROOT, "(tree.members.live=1)", TIMEOUT);
        } finally {
            broker.start();
        }
        // A record sent before the root has subscribed again would find no reader on a fresh broker session (see the
        // telemetry README, "Limits"): the tree is whole again once the root hears its neighbours again.
        tree.awaitTree(ROOT, tree.neighbourhood(ROOT), TIMEOUT);
        awaitCode(ResponseCode.CHANGED, () -> post(GROUP, "/telemetry", "after-the-outage".getBytes(),
                MediaTypeRegistry.TEXT_PLAIN));
        awaitInFeed(r -> payload(r).equals("after-the-outage"));
        for (String record : accepted) {
            assertTrue(feed().stream().anyMatch(r -> payload(r).equals(record)),
                    record + " was answered 2.04 before the outage was noticed, and never arrived; accepted then: "
                            + accepted);
        }
        refusedRecords.add("urgent-during-the-outage");
        for (String record : refusedRecords) {
            assertTrue(feed().stream().noneMatch(r -> payload(r).equals(record)),
                    record + " was refused, and sent behind the device's back");
        }
    }

    /**
     * gB1's adaptive batching on its telemetry topic, as the broker sees it. Records posted a few a second
     * leave one per publish; a burst of 300 from four devices goes in batches once its rate passes the on-rate, each
     * batch within its byte limit; the root's feed takes in all 300 (its numbering counts every record it took; it
     * keeps only the newest few). Once the rate has fallen below the off-rate, records leave alone again.
     */
    @Test
    @Order(7)
    void batchingSwitchesOnForABurstAndOffAgainAndKeepsEachBatchWithinItsSize() throws Exception {
        try (MqttAttacker observer = new MqttAttacker(broker.url())) {
            BlockingQueue<byte[]> published = observer.capture(GROUP_TOPIC);
            for (int i = 0; i < 3; i++) {
                String record = "trickle-" + i;
                awaitCode(ResponseCode.CHANGED, () -> post(GROUP, "/telemetry", record.getBytes(StandardCharsets.UTF_8),
                        MediaTypeRegistry.TEXT_PLAIN));
                awaitInFeed(r -> payload(r).equals(record)); // one at a time: far below the on-rate
            }
            assertEquals(List.of(1, 1, 1), recordsPerPublish(published, 3), "a trickle is never batched");

            int devices = 4;
            int each = 75;
            long before = feedLast();
            postAtOnce(devices, each, "burst-");
            List<Integer> perPublish = recordsPerPublish(published, devices * each);
            assertTrue(perPublish.stream().anyMatch(n -> n > 1), "the burst was batched: " + perPublish);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (feedLast() < before + devices * each) {
                assertTrue(System.nanoTime() < deadline, "the root took in " + (feedLast() - before) + " of "
                        + devices * each + " records within " + TIMEOUT);
                Thread.sleep(100);
            }

            // Two devices posting at the same moment, a few times a second: while batching is still on their records
            // share a batch (the wait is 50 ms); once a window's rate has stayed below the off-rate, they leave alone.
            long offDeadline = System.nanoTime() + TIMEOUT.toNanos();
            for (int round = 0;; round++) {
                postAtOnce(2, 1, "pair-" + round + "-");
                List<Integer> pair = recordsPerPublish(published, 2);
                if (pair.equals(List.of(1, 1))) {
                    break;
                }
                assertTrue(System.nanoTime() < offDeadline, "batching did not switch off: a pair still went as " + pair);
                Thread.sleep(300); // paces the pairs well below the off-rate
            }
        }
    }

    /**
     * Batches as the root receives them from a gateway whose seal holds: a batch of two records arrives as
     * the two records; a batch whose frame is malformed (it claims three records, the last cut short) is refused
     * whole and counted as undecodable, none of its records reaches the feed, and the record sent right after it
     * arrives. The batches are sealed with a key the tree's CA issued for gB1, under a boot of their own: the root
     * then refuses gB1's own earlier boot for a freshness window, so this runs last.
     */
    @Test
    @Order(8)
    void aBatchArrivesAsItsRecordsAndAMalformedBatchIsRefusedWholeAtTheRoot() throws Exception {
        String topic = GROUP_TOPIC;
        TelemetryCodec codec = new TelemetryCodec(1024);
        MessageSeal gB1 = SealForger.sealer("B/1/gB1", tree.pki().issue("B/1/gB1"), Duration.ZERO);
        byte[] whole = BatchFrame.encode(List.of(codec.encode(record("in-a-bad-batch-1")),
                codec.encode(record("in-a-bad-batch-2")), codec.encode(record("in-a-bad-batch-3"))));
        byte[] malformed = Arrays.copyOf(whole, whole.length - 5);
        try (MqttAttacker peer = new MqttAttacker(broker.url())) {
            peer.publish(topic, hinted(gB1.seal(topic, BatchFrame.encode(List.of(codec.encode(record("batched-1")),
                    codec.encode(record("batched-2")))))));
            awaitInFeed(r -> payload(r).equals("batched-1"));
            awaitInFeed(r -> payload(r).equals("batched-2"));
            refusedAtRoot("undecodable", () -> peer.publish(topic, hinted(gB1.seal(topic, malformed))));
            peer.publish(topic, hinted(gB1.seal(topic, codec.encode(record("after-the-bad-batch")))));
        }
        awaitInFeed(r -> payload(r).equals("after-the-bad-batch"));
        assertTrue(feed().stream().noneMatch(r -> payload(r).startsWith("in-a-bad-batch")),
                "nothing of the refused batch arrived");
    }

    // --- helpers

    private void configure(String gateway, Map<String, Object> properties) throws Exception {
        KuraNode node = tree.node(gateway);
        if (!node.awaitListed(TIMEOUT, PID)) {
            fail(gateway + ": the telemetry component is not listed: " + node.services());
        }
        node.updateConfiguration(PID, new HashMap<>(properties));
        assertTrue(node.awaitServiceProperty(STATUS, "(&(telemetry.state=running)(!(telemetry.config.error=*)))",
                TIMEOUT), gateway + ": telemetry running");
    }

    private void refusedAtRoot(String reason, Attack attack) throws Exception {
        Object before = tree.treeProperty(ROOT, "tree.refused." + reason);
        long count = before == null ? 0 : ((Number) before).longValue();
        attack.run();
        tree.awaitTree(ROOT, "(tree.refused." + reason + ">=" + (count + 1) + ")", TIMEOUT);
    }

    @FunctionalInterface
    private interface Attack {
        void run() throws Exception;
    }

    /** {@code devices} clients post {@code each} records to gB1 at the same time, each answered 2.04. */
    private void postAtOnce(int devices, int each, String prefix) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(devices);
        try {
            List<Future<?>> sent = new ArrayList<>();
            for (int d = 0; d < devices; d++) {
                int device = d;
                sent.add(clients.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        String record = prefix + device + "-" + i;
                        assertEquals(ResponseCode.CHANGED, post(GROUP, "/telemetry",
                                record.getBytes(StandardCharsets.UTF_8), MediaTypeRegistry.TEXT_PLAIN).getCode());
                    }
                    return null;
                }));
            }
            for (Future<?> f : sent) {
                f.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } finally {
            clients.shutdownNow();
        }
    }

    /**
     * How many records each of gB1's telemetry publishes carried, read from the captured publishes until
     * {@code records} were seen: the class hint byte, then the seal, whose content is a batch or a single record.
     * Every batch is checked against gB1's limits on the way.
     */
    private static List<Integer> recordsPerPublish(BlockingQueue<byte[]> published, int records) throws Exception {
        List<Integer> perPublish = new ArrayList<>();
        int seen = 0;
        while (seen < records) {
            byte[] hinted = MqttAttacker.first(published, TIMEOUT);
            byte[] content = SealForger.contentOf(Arrays.copyOfRange(hinted, 1, hinted.length));
            int n = 1;
            if (BatchFrame.isBatch(content)) {
                assertTrue(content.length <= BATCH_BYTES, "a batch of " + content.length + " bytes");
                n = BatchFrame.decode(content, 64, 4096).size();
            }
            perPublish.add(n);
            seen += n;
        }
        return perPublish;
    }

    private static TelemetryRecord record(String payload) {
        return new TelemetryRecord(TelemetryRecord.Origin.POSTED, "coap://192.0.2.1:5683", "building-b",
                TelemetryRecord.NO_FORMAT, System.currentTimeMillis(), payload.getBytes(StandardCharsets.UTF_8));
    }

    /** What goes on a telemetry topic: the class hint byte (2, normal), then the seal. */
    private static byte[] hinted(byte[] sealed) {
        byte[] out = new byte[sealed.length + 1];
        out[0] = 2;
        System.arraycopy(sealed, 0, out, 1, sealed.length);
        return out;
    }

    private CoapResponse post(String gateway, String path, byte[] payload, int format) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + path);
        try {
            client.setTimeout(5_000L);
            CoapResponse response = client.post(payload, format);
            if (response == null) {
                throw new AssertionError("no answer to POST " + path + " at " + gateway);
            }
            return response;
        } finally {
            client.shutdown();
        }
    }

    @FunctionalInterface
    private interface Call {
        CoapResponse call() throws Exception;
    }

    /** Repeats a request until it is answered {@code code} (a configuration just applied takes a moment). */
    private static CoapResponse awaitCode(ResponseCode code, Call call) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        CoapResponse last = null;
        while (System.nanoTime() < deadline) {
            last = call.call();
            if (last.getCode() == code) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("not " + code + " within " + TIMEOUT + ": " + (last == null ? "no answer"
                : last.getCode() + " " + last.getResponseText()));
    }

    private List<JsonObject> feed() throws Exception {
        List<JsonObject> records = new ArrayList<>();
        for (JsonElement e : feedAnswer("").getAsJsonArray("records")) {
            records.add(e.getAsJsonObject());
        }
        return records;
    }

    /** The number of the newest record in the root's feed: how many it has taken in since it started. */
    private long feedLast() throws Exception {
        return feedAnswer("?after=999999999999999999").get("last").getAsLong(); // no records, only the count
    }

    private JsonObject feedAnswer(String query) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(ROOT) + "/telemetry-feed" + query);
        try {
            client.setTimeout(5_000L);
            CoapResponse response = client.get();
            assertNotNull(response, "the root's feed answers");
            assertEquals(ResponseCode.CONTENT, response.getCode(), response.getResponseText());
            return JsonParser.parseString(response.getResponseText()).getAsJsonObject();
        } finally {
            client.shutdown();
        }
    }

    private JsonObject awaitInFeed(Predicate<JsonObject> wanted) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        List<JsonObject> last = List.of();
        while (System.nanoTime() < deadline) {
            last = feed();
            for (JsonObject record : last) {
                if (wanted.test(record)) {
                    return record;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not in the root's feed within " + TIMEOUT + ": " + last);
    }

    private static String payload(JsonObject record) {
        return new String(Base64.getDecoder().decode(record.get("payload").getAsString()), StandardCharsets.UTF_8);
    }

    /** A device's observable thermometer, changed by the test. */
    private static final class ThermometerResource extends CoapResource {
        private volatile String value = "20.0";

        ThermometerResource() {
            super("thermometer");
            setObservable(true);
        }

        void set(String newValue) {
            value = newValue;
            changed();
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, value, MediaTypeRegistry.TEXT_PLAIN);
        }
    }
}
