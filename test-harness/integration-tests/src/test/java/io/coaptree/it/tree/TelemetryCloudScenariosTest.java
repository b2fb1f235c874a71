package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;
import io.coaptree.harness.hierarchy.cloud.CloudConnection;
import io.coaptree.harness.hierarchy.cloud.CloudPublisherBundle;
import io.coaptree.harness.hierarchy.cloud.bundle.CloudConnectionSettings;
import io.coaptree.harness.node.KuraNode;

/**
 * The telemetry uplink towards a Kura cloud connection that behaves as Kura 5.6's does (the harness's emulated one,
 * test-harness/hierarchy README): it stores while it is down, confirms QoS 1 messages late, loses a session with
 * messages in flight, and refuses when its store is full. Devices POST to the root gateway's {@code /telemetry}; the
 * root's telemetry goes to the cloud; every record answered 2.04 must reach the cloud, and the uplink's status must
 * say what the publisher did with them. Each scenario installs a connection of its own and points
 * {@code CloudPublisher.target} at it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TelemetryCloudScenariosTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String PID = "io.coaptree.telemetry.TelemetryUplink";
    private static final String STATUS = "io.coaptree.telemetry.component.TelemetryStatus";
    private static final String ROOT = TreeHierarchy.ROOT_NAME;
    /** Kura's in-flight window, at its default. */
    private static final int IN_FLIGHT = 9;

    private EmbeddedBroker broker;
    private TreeHierarchy tree;

    @BeforeAll
    void startTree() throws Exception {
        TreeTestSettings.californiumClients();
        broker = new EmbeddedBroker(0);
        tree = TreeHierarchy.start(TreeTestSettings.fastTree(TreeTestSettings.workDirectory(), "telemetry-cloud-",
                broker.url(), Map.of("access.writes", "open")), List.of(new Gateway(ROOT, 0, "", "")), TIMEOUT);
    }

    @AfterAll
    void stopTree() {
        if (tree != null) {
            tree.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** Kura's DataService stores what it is given while the connection is down (it starts down) and sends it later. */
    @Test
    @Order(1)
    void recordsTakenWhileTheCloudConnectionIsDownAreStoredAndReachTheCloudOnceItConnects() throws Exception {
        CloudConnection cloud = useCloud("down-at-start",
                CloudConnectionSettings.kuraDefaults().noRateLimit().qos(1), Map.of());
        List<String> sent = postEach("stored-", 5);
        awaitState(cloud, s -> n(s, "stored") == 5 && n(s, "sent") == 0 && !(Boolean) s.get("connected"));
        awaitStatus("(&(telemetry.cloud.published=5)(telemetry.cloud.unconfirmed=5)(telemetry.cloud.refused=0))");

        cloud.connect();
        awaitStatus("(&(telemetry.cloud.confirmed=5)(telemetry.cloud.unconfirmed=0))");
        assertEquals(sent, bodies(cloud), "every record, once, in order");
    }

    /**
     * The cloud's broker holds its acknowledgements: Kura's window of unconfirmed messages fills and the rest wait in
     * its store, while the uplink goes on taking records (nothing of it waits for a confirmation); once they come,
     * every record is counted confirmed.
     */
    @Test
    @Order(2)
    void aCloudThatConfirmsLateHoldsNothingUpAndItsConfirmationsAreCountedWhenTheyCome() throws Exception {
        CloudConnection cloud = useCloud("late", CloudConnectionSettings.kuraDefaults().autoConnect(true)
                .noRateLimit().qos(1), Map.of());
        cloud.holdConfirmations();
        List<String> sent = postEach("late-", 15);
        awaitState(cloud, s -> n(s, "inFlight") == IN_FLIGHT && n(s, "unsent") == 15 - IN_FLIGHT);
        awaitStatus("(&(telemetry.cloud.published=15)(telemetry.cloud.unconfirmed=15)(telemetry.cloud.confirmed=0))");

        cloud.releaseConfirmations();
        awaitStatus("(&(telemetry.cloud.confirmed=15)(telemetry.cloud.unconfirmed=0))");
        assertEquals(sent, bodies(cloud));
    }

    /**
     * A link that drops with messages in flight: Kura sends them again on the new session (duplicates, as Kura's
     * documentation warns), and each is confirmed once.
     */
    @Test
    @Order(3)
    void aLinkLostWithMessagesInFlightSendsThemAgainOnTheNewSession() throws Exception {
        CloudConnection cloud = useCloud("lossy", CloudConnectionSettings.kuraDefaults().autoConnect(true)
                .noRateLimit().qos(1), Map.of());
        cloud.holdConfirmations();
        List<String> sent = postEach("in-flight-", 3);
        awaitState(cloud, s -> n(s, "inFlight") == 3);
        cloud.loseConnection();
        cloud.connect();
        cloud.releaseConfirmations();
        awaitStatus("(&(telemetry.cloud.confirmed=3)(telemetry.cloud.unconfirmed=0))");
        List<String> received = bodies(cloud);
        assertEquals(6, received.size(), "each sent twice: " + received);
        assertEquals(sent, received.subList(3, 6), "again, in order, on the new session");
    }

    /**
     * Kura's DataService refuses when its store is full (here 4 messages, counted until its housekeeper purges them,
     * every 5 s those done with for 5 s), connected or not. The uplink keeps the record it was refused and offers it
     * again, the records behind it wait in its queue (3 here), and once that is full devices hear 5.03 naming the
     * queue. When the connection is up and the housekeeper has made room, every record answered 2.04 reaches the
     * cloud exactly once, in order, and the uplink's thread is still there.
     */
    @Test
    @Order(4)
    void whenTheStoreIsFullRecordsAnswered204AreKeptAndDevicesHear503OnceTheQueueIsFull() throws Exception {
        CloudConnection cloud = useCloud("full", CloudConnectionSettings.kuraDefaults().noRateLimit().storeCapacity(4)
                .housekeeping(5, 5), Map.of("telemetry.queue.capacity", 3));
        List<String> accepted = new ArrayList<>();
        // each of the first five taken by the uplink before the next is sent: four fill the store, the fifth is
        // refused by it and kept by the uplink (on a loaded machine the uplink's thread may otherwise lag behind)
        for (int i = 0; i < 5; i++) {
            String record = "full-" + i;
            assertEquals(ResponseCode.CHANGED, post(record).getCode(), record);
            accepted.add(record);
            awaitStatus(i < 4 ? "(telemetry.cloud.published=" + (i + 1) + ")" : "(telemetry.cloud.refused>=1)");
        }
        CoapResponse refused = null;
        for (int i = 5; refused == null; i++) {
            assertTrue(i < 50, "no 5.03 after 50 records: " + cloud.state());
            String record = "full-" + i;
            CoapResponse answer = post(record);
            if (answer.getCode() == ResponseCode.CHANGED) {
                accepted.add(record);
            } else {
                assertEquals(ResponseCode.SERVICE_UNAVAILABLE, answer.getCode(), answer.getResponseText());
                refused = answer;
            }
        }
        assertTrue(refused.getResponseText().contains("telemetry queue is full"), refused.getResponseText());
        assertEquals(4 + 1 + 3, accepted.size(), "the store's 4, the record the uplink keeps and its queue's 3");
        Map<String, Object> state = cloud.state();
        assertEquals(4L, n(state, "stored"), state.toString());
        assertTrue(n(state, "refused") >= 1, "the store refused: " + state);
        awaitStatus("(&(telemetry.cloud.published=4)(telemetry.cloud.refused>=1)(telemetry.records.waiting="
                + (accepted.size() - 4) + ")(telemetry.records.refused.queue-full>=1))");

        cloud.connect();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (bodies(cloud).size() < accepted.size()) {
            assertTrue(System.nanoTime() < deadline, "the cloud received " + bodies(cloud) + " of " + accepted);
            Thread.sleep(200);
        }
        assertEquals(accepted, bodies(cloud), "every record answered 2.04, once, in order");
        awaitStatus("(&(telemetry.cloud.published=" + accepted.size() + ")(telemetry.records.waiting=0))");
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("telemetry-" + ROOT) && t.isAlive()), "the uplink's thread lives");
        assertEquals(ResponseCode.CHANGED, post("after-the-refusals").getCode(), "and takes records again");
    }

    // --- helpers

    /** Installs a cloud connection and sends the root's telemetry to its publisher. */
    private CloudConnection useCloud(String name, CloudConnectionSettings settings, Map<String, Object> telemetry)
            throws Exception {
        KuraNode root = tree.node(ROOT);
        String pid = "org.eclipse.kura.cloud.publisher.CloudPublisher-" + name;
        CloudPublisherBundle.install(root.bundleContext(), pid, settings);
        if (!root.awaitListed(TIMEOUT, PID)) {
            fail("the telemetry component is not listed: " + root.services());
        }
        // off first, so that "running" below can only be the new configuration's
        root.updateConfiguration(PID, new HashMap<>(Map.of("telemetry.enabled", false)));
        awaitStatus("(telemetry.state=off)");
        Map<String, Object> properties = new HashMap<>(Map.of("telemetry.enabled", true, "telemetry.destination",
                "cloud", "CloudPublisher.target", "(kura.service.pid=" + pid + ")", "telemetry.queue.capacity", 10000));
        properties.putAll(telemetry);
        root.updateConfiguration(PID, properties);
        // records wait until SCR has bound the publisher the new target selects, after modified returned
        awaitStatus("(&(telemetry.state=running)(!(telemetry.config.error=*))(telemetry.cloud.published=0)"
                + "(telemetry.cloud.publisher=" + pid + "))");
        return CloudPublisherBundle.connection(root.bundleContext(), pid);
    }

    private CoapResponse post(String record) throws Exception {
        CoapResponse answer = GatewayCoap.call(tree, ROOT, "/telemetry",
                client -> client.post(record.getBytes(StandardCharsets.UTF_8), MediaTypeRegistry.TEXT_PLAIN));
        assertNotNull(answer, "no answer to POST /telemetry");
        return answer;
    }

    /** Posts {@code count} records, each answered 2.04; their payloads. */
    private List<String> postEach(String prefix, int count) throws Exception {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            CoapResponse answer = post(prefix + i);
            assertEquals(ResponseCode.CHANGED, answer.getCode(), answer.getResponseText());
            sent.add(prefix + i);
        }
        return sent;
    }

    private static List<String> bodies(CloudConnection cloud) {
        List<String> bodies = new ArrayList<>();
        for (Map<String, Object> message : cloud.received()) {
            bodies.add(new String((byte[]) message.get("body"), StandardCharsets.UTF_8));
        }
        return bodies;
    }

    private void awaitStatus(String filter) {
        KuraNode root = tree.node(ROOT);
        assertTrue(root.awaitServiceProperty(STATUS, filter, TIMEOUT),
                () -> "telemetry status not " + filter + ": " + root.serviceProperties(STATUS, null));
    }

    private static void awaitState(CloudConnection cloud, Predicate<Map<String, Object>> wanted) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        Map<String, Object> state = cloud.state();
        while (!wanted.test(state)) {
            assertTrue(System.nanoTime() < deadline, "the cloud connection stayed " + state);
            Thread.sleep(50);
            state = cloud.state();
        }
    }

    private static long n(Map<String, Object> state, String key) {
        return ((Number) state.get(key)).longValue();
    }
}
