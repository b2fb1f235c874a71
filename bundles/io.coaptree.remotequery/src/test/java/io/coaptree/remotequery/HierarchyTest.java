package io.coaptree.remotequery;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.codec.CoapCodes;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.drops.DropReason;

/** Seven gateways (root, two domains, two groups each) on an in-memory bus, with a manual clock. */
class HierarchyTest {

    private static final List<String> ADDRESSES = List.of("-/-/root", "A/-/dA", "B/-/dB", "A/g1/a1", "A/g2/a2",
            "B/g1/b1", "B/g2/b2");

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, Gateway> gateways = new LinkedHashMap<>();

    @BeforeEach
    void sevenGatewaysJoin() {
        for (String address : ADDRESSES) {
            Gateway g = new Gateway(address, bus, clock);
            gateways.put(g.name(), g);
        }
        run(Duration.ofSeconds(2));
        gateways.values().forEach(g -> assertTrue(Neighbours.known(g.tree, ADDRESSES), g.name() + " " + g.tree.view()));
    }

    private void run(Duration duration) {
        for (long i = 0; i < duration.toMillis() / 100; i++) {
            clock.advance(Duration.ofMillis(100));
            gateways.values().forEach(Gateway::tick);
        }
    }

    private static CoapEnvelope get() {
        return CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).build();
    }

    private List<CoapEnvelope> request(String from, String uri) throws Exception {
        return request(from, uri, get());
    }

    private List<CoapEnvelope> request(String from, String uri, CoapEnvelope request) throws Exception {
        String[] pathAndQuery = uri.split("\\?", 2);
        List<String> path = List.of(pathAndQuery[0].substring(1).split("/"));
        List<String> query = pathAndQuery.length > 1 ? List.of(pathAndQuery[1].split("&")) : List.of();
        List<CoapEnvelope> responses = new ArrayList<>();
        RemoteTarget target = TreeUri.parse(path, query);
        gateways.get(from).rq.submit(target, request, responses::add);
        return responses;
    }

    private static String text(CoapEnvelope response) {
        return new String(response.payload(), StandardCharsets.UTF_8);
    }

    private static Set<String> targets(CoapEnvelope response) throws Exception {
        Set<String> targets = new TreeSet<>();
        for (Link link : LinkFormatParser.withDefaults().parse(text(response))) {
            targets.add(link.target());
        }
        return targets;
    }

    private static Set<String> temperatureEverywhere(List<String> names) {
        Set<String> expected = new TreeSet<>();
        for (String address : ADDRESSES) {
            String name = address.substring(address.lastIndexOf('/') + 1);
            if (names.contains(name)) {
                expected.add("/tree/" + address + "/temperature");
                expected.add("/tree/" + address + "/counter");
            }
        }
        return expected;
    }

    @Test
    void anUrgentRequestTravelsUrgentAtEveryHop() throws Exception {
        EnvelopeCodec codec = new EnvelopeCodec();
        List<String> hops = new ArrayList<>();
        bus.connect("observer", null).subscribe("coaptree/#", (topic, payload) -> {
            if (topic.endsWith("/query") || topic.endsWith("/reply")) {
                try {
                    hops.add(topic.substring(topic.lastIndexOf('/', topic.lastIndexOf('/') - 1) + 1) + " "
                            + (codec.decode(payload).urgent() ? "urgent" : "normal"));
                } catch (io.coaptree.codec.EnvelopeCodecException e) {
                    hops.add(topic + " undecodable");
                }
            }
        });
        CoapEnvelope urgent = get().toBuilder().urgent(true).classAsked(true).build();

        List<CoapEnvelope> answer = request("a1", "/tree/B/g2/b2/nothing-here", urgent);

        assertEquals(1, answer.size());
        assertEquals(CoapCodes.NOT_FOUND, answer.get(0).code());
        List<String> queries = hops.stream().filter(h -> h.contains("/query")).toList();
        assertTrue(queries.contains("b2/query urgent"), hops.toString());
        assertTrue(queries.stream().allMatch(h -> h.endsWith(" urgent")), "the request, hop by hop: " + hops);
    }

    @Test
    void aLookupAtTheRootListsEverything() throws Exception {
        List<CoapEnvelope> responses = request("root", "/tree-lookup/res");
        assertEquals(1, responses.size());
        assertEquals(CoapCodes.CONTENT, responses.get(0).code());
        assertEquals(CoapCodes.LINK_FORMAT, responses.get(0).contentFormat());
        assertEquals(temperatureEverywhere(List.of("root", "dA", "dB", "a1", "a2", "b1", "b2")),
                targets(responses.get(0)));
    }

    @Test
    void childrenWhoseSetsAreSynchronisedAreNotAskedForResourceLookupsButStillForOthers() throws Exception {
        gateways.values().forEach(g -> g.synced = child -> true);
        assertEquals(CoapCodes.CONTENT, request("root", "/tree-lookup/res?rt=temp").get(0).code());
        assertEquals(1, gateways.get("root").lookedUp.size());
        for (String below : List.of("dA", "dB", "a1", "a2", "b1", "b2")) {
            assertTrue(gateways.get(below).lookedUp.isEmpty(), below + " was asked");
        }
        // A scope below the root starts at the domain, which answers for its synchronised groups.
        request("a1", "/tree-lookup/res?scope=B");
        assertEquals(1, gateways.get("dB").lookedUp.size());
        assertTrue(gateways.get("b1").lookedUp.isEmpty());
        // Registration-level criteria and endpoint lookups cannot be answered from the aggregated sets.
        request("root", "/tree-lookup/res?ep=b2");
        request("root", "/tree-lookup/ep");
        assertEquals(2, gateways.get("b2").lookedUp.size());
    }

    /** A page of each part, merged, is not a page of the whole: only a directory holding the whole scope pages it. */
    @Test
    void aPagedLookupIsAnsweredByTheDirectoryThatHoldsTheWholeScopeAndFansOutOtherwise() throws Exception {
        gateways.values().forEach(g -> g.synced = child -> true);
        assertEquals(CoapCodes.CONTENT, request("root", "/tree-lookup/res?rt=temp&page=1&count=2").get(0).code());
        assertEquals(List.of(new Gateway.LocalLookup("res", "rt=temp&page=1&count=2")),
                gateways.get("root").lookedUp);
        for (String below : List.of("dA", "dB", "a1", "a2", "b1", "b2")) {
            assertTrue(gateways.get(below).lookedUp.isEmpty(), below + " was asked");
        }

        // the root does not hold dB's set: each domain pages its own part, which it holds whole
        gateways.get("root").synced = child -> !child.name().equals("dB");
        request("root", "/tree-lookup/res?page=0&count=2");
        for (String asked : List.of("dA", "dB")) {
            assertEquals(List.of(new Gateway.LocalLookup("res", "page=0&count=2")), gateways.get(asked).lookedUp,
                    asked);
        }
        for (String below : List.of("a1", "a2", "b1", "b2")) {
            assertTrue(gateways.get(below).lookedUp.isEmpty(), below + " was asked");
        }
    }

    @Test
    void aLookupFromAGroupOverAnotherDomainClimbsAndSpreads() throws Exception {
        List<CoapEnvelope> responses = request("a1", "/tree-lookup/res?scope=B&rt=temp");
        assertEquals(temperatureEverywhere(List.of("dB", "b1", "b2")), targets(responses.get(0)));
        assertEquals(new Gateway.LocalLookup("res", "rt=temp"), gateways.get("b2").lookedUp.get(0));
        assertEquals(temperatureEverywhere(List.of("a2")),
                targets(request("b1", "/tree-lookup/res?scope=A/g2").get(0)));
    }

    @Test
    void aRequestCrossesDomainsAndTheAnswerReturns() throws Exception {
        CoapEnvelope withIdentity = get().toBuilder().identity(new CallerIdentity("psk", "alice", "A/g1/a1")).build();
        List<CoapEnvelope> responses = request("a1", "/tree/B/g2/b2/temperature", withIdentity);
        assertEquals(1, responses.size());
        assertEquals(CoapCodes.CONTENT, responses.get(0).code());
        assertTrue(text(responses.get(0)).startsWith("21.5 at b2 for CallerIdentity[type=psk, name=alice, gateway=A/g1/a1]"),
                text(responses.get(0)));
        // group -> domain -> root -> domain -> group: every transit hop saw it, none executed it
        for (String transit : List.of("dA", "root", "dB")) {
            assertTrue(gateways.get(transit).executed.isEmpty(), transit);
        }
        assertEquals(0, gateways.values().stream().mapToInt(g -> g.rq.pendingCount()).sum());
    }

    @Test
    void unknownGatewaysAre404AndSilenceIs504WithoutAThreadPerRequest() throws Exception {
        assertEquals(CoapCodes.NOT_FOUND, request("a1", "/tree/B/g2/nobody/temperature").get(0).code());
        assertEquals(CoapCodes.NOT_FOUND, request("a1", "/tree/B/g2/b2/nothing").get(0).code());

        long threadsBefore = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
        List<List<CoapEnvelope>> waiting = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            waiting.add(request("a1", "/tree/B/g1/b1/slow"));
        }
        assertEquals(200, gateways.get("a1").rq.pendingCount());
        run(Duration.ofSeconds(6));
        for (List<CoapEnvelope> responses : waiting) {
            assertEquals(1, responses.size());
            assertEquals(CoapCodes.GATEWAY_TIMEOUT, responses.get(0).code());
        }
        assertEquals(threadsBefore, ManagementFactory.getThreadMXBean().getTotalStartedThreadCount());
        assertEquals(0, gateways.get("a1").rq.pendingCount());
    }

    @Test
    void aGatewayThatStopsItsRemoteQueriesAnswersWhatItStillWaitsFor() throws Exception {
        List<List<CoapEnvelope>> waiting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(request("a1", "/tree/B/g1/b1/slow"));
        }
        assertEquals(3, gateways.get("a1").rq.pendingCount());

        gateways.get("a1").rq.stop(); // as a reconfiguration of the component does

        for (List<CoapEnvelope> responses : waiting) {
            assertEquals(1, responses.size(), "answered at once, not after the request timeout");
            assertEquals(CoapCodes.SERVICE_UNAVAILABLE, responses.get(0).code());
            assertEquals(1, responses.get(0).maxAge(), "with a Max-Age saying when to retry");
        }
        assertEquals(0, gateways.get("a1").rq.pendingCount());
    }

    @Test
    void routingSurvivesADomainFailureAndTheTreeHeals() throws Exception {
        Gateway dB = gateways.get("dB");
        dB.ticking = false; // hangs: no heartbeats, no last will
        long hungAt = clock.millis();
        while (!gateways.get("b1").tree.view().attachedTo(NodePath.group("B", "g1")).orElseThrow().isRoot()) {
            run(Duration.ofMillis(100));
            assertTrue(clock.millis() - hungAt <= 10_000, "groups of B not re-attached within 10 s");
        }
        run(Duration.ofMillis(500)); // the other gateways' ticks, within the same bound
        assertTrue(clock.millis() - hungAt <= 10_000);
        // A hung gateway still receives, so prove the route avoids it: it must not see the request.
        dB.connection.unsubscribe("coaptree/B/-/dB/query");
        List<CoapEnvelope> responses = request("a1", "/tree/B/g1/b1/temperature");
        assertEquals(CoapCodes.CONTENT, responses.get(0).code(), text(responses.get(0)));
        assertEquals(temperatureEverywhere(List.of("b1", "b2")),
                targets(request("a2", "/tree-lookup/res?scope=B").get(0)));

        dB.connection.subscribe("coaptree/B/-/dB/query", (t, p) -> { });
        dB.rq.start(dB.connection, dB.tree.droppedMessages());
        dB.ticking = true;
        run(Duration.ofSeconds(3));
        for (String name : List.of("root", "dB", "b1", "b2")) { // the gateways that follow domain B
            assertEquals(NodePath.domain("B"), gateways.get(name).tree.view().attachedTo(NodePath.group("B", "g1"))
                    .orElseThrow(), name);
        }
        assertTrue(gateways.get("root").tree.view().member("b1").isEmpty(), "back under dB, b1 left the root's view");
        assertEquals(CoapCodes.CONTENT, request("a1", "/tree/B/g1/b1/temperature").get(0).code());
        assertEquals(temperatureEverywhere(List.of("dB", "b1", "b2")),
                targets(request("a2", "/tree-lookup/res?scope=B").get(0)));
    }

    @Test
    void aDownGatewayIs503() throws Exception {
        gateways.get("b2").connection.crash();
        run(Duration.ofMillis(3_100)); // its last will, then a heartbeat interval and two ticks of silence
        CoapEnvelope response = request("a1", "/tree/B/g2/b2/temperature").get(0);
        assertEquals(CoapCodes.SERVICE_UNAVAILABLE, response.code());
        assertTrue(text(response).contains("down"), text(response));
    }

    @Test
    void observeRelaysNotificationsUntilCancelled() throws Exception {
        CoapEnvelope observe = get().toBuilder().observe(0).build();
        List<CoapEnvelope> received = new ArrayList<>();
        RemoteQueryNode a1 = gateways.get("a1").rq;
        CancellableExchange exchange = a1.submit(
                TreeUri.parse(List.of("tree", "B", "g1", "b1", "counter"), List.of()), observe, received::add);
        Gateway b1 = gateways.get("b1");
        b1.notifyCounter(1);
        b1.notifyCounter(2);
        assertEquals(List.of("0", "1", "2"), received.stream().map(HierarchyTest::text).toList());
        assertEquals(EnvelopeKind.NOTIFICATION, received.get(2).kind());

        run(Duration.ofSeconds(30)); // well past the request timeout: the relation lives on
        b1.notifyCounter(3);
        assertEquals(4, received.size());

        exchange.cancel();
        assertTrue(b1.counterObservers.isEmpty(), "the owner stopped observing");
        b1.notifyCounter(4);
        assertEquals(4, received.size());
        assertEquals(0, gateways.values().stream().mapToInt(g -> g.rq.pendingCount()).sum());
    }

    @Test
    void envelopesAGatewayCannotUseAreRefusedByReasonAndReadsKeepWorking() throws Exception {
        InMemoryMessageBus.Connection attacker = bus.connect("attacker", null);
        EnvelopeCodec codec = new EnvelopeCodec();
        byte[] valid = codec.encode(CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).correlationId(7)
                .path("temperature").sourceNode("B/g1/b1").destinationNode("B/g2/b2").build());
        byte[] corrupted = valid.clone();
        corrupted[0] = 9; // an unknown format version
        byte[] response = codec.encode(CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT)
                .correlationId(7).sourceNode("B/g1/b1").build());
        byte[] noSender = codec.encode(CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).correlationId(8)
                .path("temperature").sourceNode("not a node").destinationNode("B/g2/b2").build());

        attacker.publish("coaptree/B/g2/b2/query", corrupted);
        attacker.publish("coaptree/B/g2/b2/query", new byte[] { 1 });
        attacker.publish("coaptree/B/g2/b2/query", response);
        attacker.publish("coaptree/B/g2/b2/reply", valid);
        attacker.publish("coaptree/B/g2/b2/query", noSender);
        attacker.publish("coaptree/B/g2/b2/query", new byte[codec.limits().maxEncodedBytes() + 1]);

        Gateway b2 = gateways.get("b2");
        assertEquals(2, b2.tree.droppedMessages().count(DropReason.UNDECODABLE));
        assertEquals(2, b2.tree.droppedMessages().count(DropReason.TOPIC_MISMATCH));
        assertEquals(1, b2.tree.droppedMessages().count(DropReason.INVALID_SENDER));
        assertEquals(1, b2.tree.droppedMessages().count(DropReason.OVERSIZE));
        assertTrue(b2.executed.isEmpty(), "nothing refused reached the local server: " + b2.executed);
        List<CoapEnvelope> responses = request("a1", "/tree/B/g2/b2/temperature");
        assertEquals(CoapCodes.CONTENT, responses.get(0).code(), text(responses.get(0)));
    }
}
