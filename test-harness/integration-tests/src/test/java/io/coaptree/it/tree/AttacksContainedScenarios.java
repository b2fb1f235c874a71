package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
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
import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.protocol.TreeMessage;
import io.coaptree.tree.protocol.TreeMessageCodec;
import io.coaptree.tree.security.MessageSeal;

/**
 * Attacks on the tree's membership with credentials an attacker may hold, on a broker configured by the generator
 * (see {@link AdmittedTree}): each is contained (by the broker or by the gateways, which count it), and meanwhile
 * another caller's remote read of gB2 keeps being answered (its latency printed for docs/performance.md).
 * <ul>
 * <li>the read-only monitor's credentials with gB2's client id: refused or renamed by the broker, gB2 keeps its
 * session and nobody marks it down;</li>
 * <li>a last will on another gateway's topic: the broker never publishes it;</li>
 * <li>a JoinRefused for a live gateway, sealed by a gateway of another name: never delivered, or dropped as forged
 * and counted by the addressee, which stays in the tree;</li>
 * <li>a burst of join requests: every gateway answers at most one per tick, and counts the rest.</li>
 * </ul>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AttacksContainedScenarios {

    private static final String READ = "/tree/B/2/gB2/temperature";
    private static final String SPARE = AdmittedTree.SPARE.name();
    private static final String SPARE_ADDRESS = AdmittedTree.SPARE.address();

    private AdmittedTree admitted;
    private TreeHierarchy tree;

    protected abstract boolean withPasswords();

    protected abstract TreeBroker startBroker(AdmittedTree.Admission admission) throws Exception;

    /** Whether a user may hold several connections (client ids of its own beyond its name): not on Mosquitto. */
    protected abstract boolean severalConnectionsPerUser();

    @BeforeAll
    void startTree() throws Exception {
        admitted = AdmittedTree.start(withPasswords(), this::startBroker);
        tree = admitted.tree();
    }

    @AfterAll
    void stopTree() {
        if (admitted != null) {
            admitted.close();
        }
    }

    /** Fails when a gateway sees fewer than seven live members; sampled while an attack runs. */
    private void assertAllLive(String during) {
        for (TreeHierarchy.Gateway g : tree.gateways()) {
            assertEquals(tree.neighbours(g.name()), tree.liveMembers(g.name()),
                    g.name() + " lost a member during " + during);
        }
    }

    /** Samples {@link #assertAllLive} every 100 ms for {@code duration}. */
    private void holdAllLive(Duration duration, String during) throws InterruptedException {
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            assertAllLive(during);
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    private long treeLong(String gateway, String key) {
        Object value = tree.treeProperty(gateway, key);
        return value == null ? 0 : ((Number) value).longValue();
    }

    /** The same reads without an attack, for comparison (printed only). */
    @Test
    @Order(0)
    void readsWithoutAnAttack() throws Exception {
        tree.awaitTree("gA1", tree.neighbourhood("gA1"), AdmittedTree.TIMEOUT);
        try (ReadsDuringAttack reads = new ReadsDuringAttack(tree, "gA1", READ)) {
            holdAllLive(Duration.ofSeconds(2), "no attack");
            reads.report("no attack");
        }
    }

    @Test
    @Order(1)
    void theMonitorsCredentialsCannotTakeGB2sClientIdAndGB2StaysUp() throws Exception {
        try (TlsMqttClient watcher = admitted.connectWith(AdmittedTree.WATCHER, AdmittedTree.WATCHER, null);
                ReadsDuringAttack reads = new ReadsDuringAttack(tree, "gA1", READ)) {
            assertEquals(1, watcher.subscribe("coaptree/+/+/+/lwt"));
            TlsMqttClient taken = null;
            try {
                taken = admitted.connectWith(AdmittedTree.MONITOR, "gB2", null);
                // Mosquitto admits it under the monitor's own name (use_username_as_clientid)
                assertFalse(severalConnectionsPerUser(), "the embedded broker refuses another user's client id");
            } catch (MqttException refused) {
                assertEquals(MqttException.REASON_CODE_INVALID_CLIENT_ID, refused.getReasonCode(), refused.toString());
            }
            holdAllLive(Duration.ofSeconds(3), "the takeover");
            if (taken != null) {
                taken.close();
            }
            reads.report("a takeover of gB2's client id with the monitor's credentials");
            // the spare's marker comes after any will the takeover made the broker publish
            String markerTopic = "coaptree/A/1/" + SPARE + "/heartbeat";
            assertEquals(1, watcher.subscribe(markerTopic));
            byte[] marker = "after the takeover".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            try (TlsMqttClient spare = admitted.connectWith(SPARE, SPARE, null)) {
                spare.publish(markerTopic, marker); // the gateways refuse it as unsigned
            }
            assertEquals(List.of(markerTopic), watcher.receiveUntil(marker, Duration.ofSeconds(20)).stream()
                    .map(TlsMqttClient.Received::topic).toList(), "gB2's will was published");
        }
    }

    @Test
    @Order(2)
    void aLastWillOnAnotherGatewaysTopicNeverArrives() throws Exception {
        try (TlsMqttClient watcher = admitted.connectWith(AdmittedTree.WATCHER, AdmittedTree.WATCHER, null);
                ReadsDuringAttack reads = new ReadsDuringAttack(tree, "gA1", READ)) {
            assertEquals(1, watcher.subscribe("coaptree/+/+/+/lwt"));
            try {
                admitted.connectWith(SPARE, SPARE, "coaptree/B/2/gB2/lwt").breakConnection();
                assertFalse(severalConnectionsPerUser(), "the embedded broker refuses the CONNECT");
            } catch (MqttException refused) { // the embedded broker: CONNACK 5
                assertEquals(MqttException.REASON_CODE_NOT_AUTHORIZED, refused.getReasonCode(), refused.toString());
            }
            // the spare's will on its own topic arrives (nobody in the tree knows it): the watcher would have seen
            // the other first
            admitted.connectWith(SPARE, SPARE, "coaptree/A/1/" + SPARE + "/lwt").breakConnection();
            List<TlsMqttClient.Received> wills = watcher.receiveUntil(new byte[0], Duration.ofSeconds(20));
            assertEquals(List.of("coaptree/A/1/" + SPARE + "/lwt"),
                    wills.stream().map(TlsMqttClient.Received::topic).toList());
            holdAllLive(Duration.ofSeconds(1), "a forbidden will");
            reads.report("a last will on another gateway's topic");
        }
    }

    @Test
    @Order(3)
    void aJoinRefusedSealedByAnotherGatewayIsIgnoredAndCounted() throws Exception {
        long incarnation = incarnationOf("gA1");
        String control = "coaptree/A/1/gA1/ctl";
        byte[] refusal = new TreeMessageCodec(4096).encode(new TreeMessage.JoinRefused(NodeAddress.parse("A/1/gA1"),
                incarnation, "forged: stay out"));
        long forgedBefore = treeLong("gA1", "tree.refused.forged");
        try (ReadsDuringAttack reads = new ReadsDuringAttack(tree, "gB1", "/tree/A/1/gA1/temperature")) {
            // with the spare's broker credentials: the broker lets nobody else publish on gA1's control topic
            try (TlsMqttClient spare = admitted.connectWith(SPARE, SPARE, null)) {
                spare.publish(control, seal(SPARE_ADDRESS, control, refusal));
            }
            if (severalConnectionsPerUser()) {
                // gA1's own broker credentials (stolen) and the keys of two other gateways (not running: a key of a
                // running one, sealing with a newer boot, would shut that gateway's own messages out of gA1's replay
                // window for the freshness window, a stolen key's known power): delivered, dropped
                try (TlsMqttClient thief = admitted.connectWith("gA1", "gA1-thief", null)) {
                    thief.publish(control, seal(SPARE_ADDRESS, control, refusal));
                    thief.publish(control, seal("B/1/gB9", control, refusal));
                }
                awaitCount("gA1", "tree.refused.forged", forgedBefore + 2);
            }
            holdAllLive(Duration.ofSeconds(2), "forged join refusals");
            assertEquals("JOINED", tree.treeProperty("gA1", "tree.state"));
            String stats = GatewayCoap.call(tree, "gA1", "/tree-stats", CoapClient::get).getResponseText();
            assertTrue(stats.contains("\"join\":{\"state\":\"JOINED\""), "the operator's view: " + stats);
            reads.report("a JoinRefused for gA1 sealed by other gateways");
        }
    }

    @Test
    @Order(4)
    void aBurstOfJoinRequestsIsAnsweredAtABoundedRate() throws Exception {
        Map<String, Long> coalescedBefore = new HashMap<>();
        tree.gateways().forEach(g -> coalescedBefore.put(g.name(), treeLong(g.name(), "tree.join.answers.coalesced")));
        String join = "coaptree/A/1/" + SPARE + "/join";
        TreeMessageCodec codec = new TreeMessageCodec(4096);
        MessageSeal seal = SealForger.sealer(SPARE_ADDRESS, tree.pki().issue(SPARE_ADDRESS), Duration.ZERO);
        int requests = 400;
        List<byte[]> burst = new ArrayList<>();
        for (int i = 0; i < requests; i++) { // each with an incarnation of its own, as restarts would have
            burst.add(seal.seal(join, codec.encode(new TreeMessage.JoinRequest(NodeAddress.parse(SPARE_ADDRESS),
                    1_000_000L + i, "", ""))));
        }
        Map<String, Integer> heartbeats = new HashMap<>();
        long elapsedNanos;
        try (TlsMqttClient watcher = admitted.connectWith(AdmittedTree.WATCHER, AdmittedTree.WATCHER, null);
                ReadsDuringAttack reads = new ReadsDuringAttack(tree, "gA1", READ);
                TlsMqttClient spare = admitted.connectWith(SPARE, SPARE, null)) {
            assertEquals(1, watcher.subscribe("coaptree/+/+/+/heartbeat"));
            long start = System.nanoTime();
            for (byte[] request : burst) {
                spare.publish(join, request);
            }
            // Every request a gateway handles is either welcomed by a heartbeat at once or coalesced (counted). A
            // gateway handles the last requests on its own thread, so its last welcome can reach the watcher after
            // anything the spare publishes later: read heartbeats until every gateway has accounted for every
            // request, by a heartbeat seen or by its counter.
            long deadline = start + TimeUnit.SECONDS.toNanos(60);
            while (!everyRequestAccountedFor(coalescedBefore, heartbeats, requests) && System.nanoTime() < deadline) {
                TlsMqttClient.Received r = watcher.poll(Duration.ofMillis(100));
                if (r != null) {
                    heartbeats.merge(r.topic().split("/")[3], 1, Integer::sum);
                }
            }
            elapsedNanos = System.nanoTime() - start;
            reads.report(requests + " join requests");
        }
        double seconds = elapsedNanos / 1e9;
        // regular heartbeats (every 500 ms) and at most one answer per tick (100 ms), with a tick of slack each
        long bound = (long) Math.ceil(seconds * (1000.0 / 500 + 1000.0 / 100)) + 4;
        System.out.printf("join burst: %d requests in %.1f s; heartbeats per gateway %s (bound %d, unbounded %d)%n",
                requests, seconds, heartbeats, bound, requests);
        for (TreeHierarchy.Gateway g : tree.gateways()) {
            int sent = heartbeats.getOrDefault(g.name(), 0);
            assertTrue(sent <= bound, g.name() + " sent " + sent + " heartbeats for " + requests + " join requests");
            long coalesced = treeLong(g.name(), "tree.join.answers.coalesced") - coalescedBefore.get(g.name());
            if (followsTheSpare(g)) {
                // every request not answered by a heartbeat of its own is counted (at the gateway's next tick)
                assertTrue(coalesced + sent >= requests, g.name() + " coalesced " + coalesced + " of " + requests
                        + " join requests and sent " + sent + " heartbeats");
            } else {
                assertEquals(0, coalesced, g.name() + " does not follow A/1 and never heard the requests");
            }
        }
        assertAllLive("after the burst");
    }

    /** Whether each gateway's heartbeats seen and join requests coalesced since the burst cover all its requests. */
    /** The gateways that hear the spare's joins: those of its path (A/1) and its domain's (docs/hierarchy.md). */
    private static boolean followsTheSpare(TreeHierarchy.Gateway g) {
        return Neighbourhood.follows(NodeAddress.parse(g.address()).path(), NodeAddress.parse(SPARE_ADDRESS).path());
    }

    private boolean everyRequestAccountedFor(Map<String, Long> coalescedBefore, Map<String, Integer> heartbeats,
            int requests) {
        for (TreeHierarchy.Gateway g : tree.gateways().stream().filter(AttacksContainedScenarios::followsTheSpare)
                .toList()) {
            long coalesced = treeLong(g.name(), "tree.join.answers.coalesced") - coalescedBefore.get(g.name());
            if (coalesced + heartbeats.getOrDefault(g.name(), 0) < requests) {
                return false;
            }
        }
        return true;
    }

    private byte[] seal(String sender, String topic, byte[] content) {
        return SealForger.seal(sender, tree.pki().issue(sender), Duration.ZERO, topic, content);
    }

    /** A gateway's incarnation, read from a heartbeat of it (as anyone reading the membership topics can). */
    private long incarnationOf(String gateway) throws Exception {
        try (TlsMqttClient watcher = admitted.connectWith(AdmittedTree.WATCHER, AdmittedTree.WATCHER, null)) {
            String topic = "coaptree/A/1/" + gateway + "/heartbeat";
            assertEquals(1, watcher.subscribe(topic));
            TlsMqttClient.Received heartbeat = watcher.next(Duration.ofSeconds(20));
            return new TreeMessageCodec(4096).decode(SealForger.contentOf(heartbeat.payload())).incarnation();
        }
    }

    private void awaitCount(String gateway, String key, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (treeLong(gateway, key) < atLeast && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertTrue(treeLong(gateway, key) >= atLeast, gateway + " " + key + " = " + treeLong(gateway, key));
    }
}
