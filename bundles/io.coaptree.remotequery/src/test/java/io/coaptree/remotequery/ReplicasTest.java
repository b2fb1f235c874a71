package io.coaptree.remotequery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.clock.ManualClock;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.properties.ComponentProperties;
import io.coaptree.remotequery.options.ReplicaSpreading;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.bus.InMemoryMessageBus;

/**
 * Replicas as peers on the in-memory bus: group A/g1 is served by a1 and a1b, domain A by dA and dA2. Requests for
 * {@code /tree/A/g1/*}/... are shared, each replica stays addressable, lookups list every replica's resources once.
 */
class ReplicasTest {

    private static final List<String> ADDRESSES = List.of("-/-/root", "A/-/dA", "A/-/dA2", "B/-/dB", "A/g1/a1",
            "A/g1/a1b", "A/g2/a2", "A/g3/a3", "B/g1/b1");

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, Gateway> gateways = new LinkedHashMap<>();

    private void start(ReplicaSpreading spreading) {
        RemoteQueryOptions options = RemoteQueryOptions.fromProperties(
                Map.of(RemoteQueryOptions.REPLICA_SPREADING.id(), ComponentProperties.settingOf(spreading)));
        for (String address : ADDRESSES) {
            Gateway g = new Gateway(address, bus, clock, options);
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

    private List<CoapEnvelope> request(String from, String uri) throws Exception {
        String[] pathAndQuery = uri.split("\\?", 2);
        List<String> path = List.of(pathAndQuery[0].substring(1).split("/"));
        List<String> query = pathAndQuery.length > 1 ? List.of(pathAndQuery[1].split("&")) : List.of();
        List<CoapEnvelope> responses = new ArrayList<>();
        gateways.get(from).rq.submit(TreeUri.parse(path, query),
                CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).build(), responses::add);
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

    private long executed(String name, String path) {
        return gateways.get(name).executed.stream().filter(r -> r.path().equals(path)).count();
    }

    private void clearExecuted() {
        gateways.values().forEach(g -> {
            g.executed.clear();
            g.lookedUp.clear();
        });
    }

    @Test
    void requestsForAReplicatedPathAreSharedAndEachReplicaStaysAddressable() throws Exception {
        start(ReplicaSpreading.IN_TURN);
        for (int i = 0; i < 10; i++) {
            CoapEnvelope response = request("b1", "/tree/A/g1/*/temperature").get(0);
            assertEquals(CoapCodes.CONTENT, response.code(), text(response));
        }
        // Each relay (dA, dA2, which the root takes in turn) takes a1 and a1b in turn.
        assertTrue(executed("a1", "temperature") >= 4, "a1: " + executed("a1", "temperature"));
        assertTrue(executed("a1b", "temperature") >= 4, "a1b: " + executed("a1b", "temperature"));

        clearExecuted();
        assertTrue(text(request("b1", "/tree/A/g1/a1b/temperature").get(0)).startsWith("21.5 at a1b"));
        assertEquals(0, executed("a1", "temperature"));
        // A replica asked for its own path serves the request itself.
        assertTrue(text(request("a1", "/tree/A/g1/*/temperature").get(0)).startsWith("21.5 at a1 "));
        // Requests through the replicated domain use both domain replicas as relays.
        for (int i = 0; i < 4; i++) {
            assertEquals(CoapCodes.CONTENT, request("root", "/tree/A/g2/a2/temperature").get(0).code());
        }
        assertEquals(4, executed("a2", "temperature"));
        assertEquals(CoapCodes.NOT_FOUND, request("b1", "/tree/A/g9/*/temperature").get(0).code());
        assertEquals(0, gateways.values().stream().mapToInt(g -> g.rq.pendingCount()).sum());
    }

    @Test
    void aFailedReplicaStopsGettingRequestsAndAReturnedOneGetsThemAgain() throws Exception {
        start(ReplicaSpreading.LEAST_PENDING);
        Gateway a1b = gateways.get("a1b");
        a1b.connection.crash();
        run(Duration.ofMillis(3_100)); // its last will, then a heartbeat interval and two ticks of silence
        for (int i = 0; i < 10; i++) {
            CoapEnvelope response = request("b1", "/tree/A/g1/*/temperature").get(0);
            assertEquals(CoapCodes.CONTENT, response.code(), text(response));
        }
        assertEquals(10, executed("a1", "temperature"));
        assertEquals(CoapCodes.SERVICE_UNAVAILABLE, request("b1", "/tree/A/g1/a1b/temperature").get(0).code());

        gateways.remove("a1b");
        Gateway back = new Gateway("A/g1/a1b", bus, clock);
        gateways.put("a1b", back);
        run(Duration.ofSeconds(2));
        for (int i = 0; i < 10; i++) {
            assertEquals(CoapCodes.CONTENT, request("b1", "/tree/A/g1/*/temperature").get(0).code());
        }
        assertTrue(executed("a1b", "temperature") >= 4, "the returned replica takes load again: "
                + executed("a1b", "temperature"));
    }

    @Test
    void leastPendingSteersAwayFromAReplicaThatStoppedAnsweringBeforeItIsMarkedDown() throws Exception {
        start(ReplicaSpreading.LEAST_PENDING);
        gateways.get("a1b").connection.unsubscribe("coaptree/A/g1/a1b/query"); // hangs: still heartbeats
        List<List<CoapEnvelope>> responses = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            responses.add(request("b1", "/tree/A/g1/*/temperature"));
        }
        long answered = responses.stream().filter(r -> !r.isEmpty() && r.get(0).code() == CoapCodes.CONTENT).count();
        // The last hop is dA or dA2 (the root spreads over them): each sent one request to the silent replica.
        assertTrue(answered >= 8, "only the first request of each relay went to the silent replica: " + answered);
    }

    @Test
    void lookupsListEveryReplicasResourcesOnceAndAskEachGatewayOnce() throws Exception {
        start(ReplicaSpreading.LEAST_PENDING);
        Set<String> expected = new TreeSet<>();
        for (String address : ADDRESSES) {
            expected.add("/tree/" + address + "/temperature");
            expected.add("/tree/" + address + "/counter");
        }
        CoapEnvelope all = request("root", "/tree-lookup/res").get(0);
        assertEquals(expected, targets(all));
        for (Gateway g : gateways.values()) {
            assertEquals(List.of(new Gateway.LocalLookup("res", "")), g.lookedUp, g.name() + " asked once");
        }
        // From a replica, over its own path: its sibling answers too.
        Set<String> group = targets(request("a1b", "/tree-lookup/res?scope=A/g1").get(0));
        assertEquals(Set.of("/tree/A/g1/a1/temperature", "/tree/A/g1/a1/counter", "/tree/A/g1/a1b/temperature",
                "/tree/A/g1/a1b/counter"), group);
        // From a group, over the replicated domain: both domain replicas and every group of A.
        Set<String> domain = targets(request("a3", "/tree-lookup/res?scope=A").get(0));
        assertEquals(expected.stream().filter(t -> t.startsWith("/tree/A/")).collect(java.util.stream.Collectors
                .toCollection(TreeSet::new)), domain);

        gateways.get("dA2").connection.crash();
        run(Duration.ofMillis(3_100)); // its last will, then a heartbeat interval and two ticks of silence
        expected.removeIf(t -> t.startsWith("/tree/A/-/dA2/"));
        assertEquals(expected, targets(request("b1", "/tree-lookup/res").get(0)), "dA2's groups moved to dA");
    }
}
