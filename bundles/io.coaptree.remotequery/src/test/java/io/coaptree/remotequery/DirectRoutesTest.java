package io.coaptree.remotequery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.clock.ManualClock;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.bus.InMemoryMessageBus;

/**
 * The shortest route: gateways that announced the same broker exchange a remote request in two messages (the
 * owner's {@code query} topic, the entry gateway's {@code reply} topic); towards gateways behind another broker the
 * request still goes hop by hop, and with direct routes off always.
 */
class DirectRoutesTest {

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, Gateway> gateways = new LinkedHashMap<>();
    /** Every query and reply topic published on the bus, in order. */
    private final List<String> routed = new ArrayList<>();

    private void tree(Map<String, String> brokerByAddress, RemoteQueryOptions options) {
        brokerByAddress.forEach((address, broker) -> {
            Gateway g = new Gateway(address, bus, clock, options, broker);
            gateways.put(g.name(), g);
        });
        InMemoryMessageBus.Connection monitor = bus.connect("monitor", null);
        monitor.subscribe("coaptree/+/+/+/query", (topic, payload) -> routed.add(topic));
        monitor.subscribe("coaptree/+/+/+/reply", (topic, payload) -> routed.add(topic));
        for (int i = 0; i < 20; i++) {
            clock.advance(Duration.ofMillis(100));
            gateways.values().forEach(Gateway::tick);
        }
        gateways.values().forEach(g -> assertTrue(Neighbours.known(g.tree, brokerByAddress.keySet()), g.name()));
        routed.clear();
    }

    private void run(Duration duration) {
        for (long i = 0; i < duration.toMillis() / 100; i++) {
            clock.advance(Duration.ofMillis(100));
            gateways.values().forEach(Gateway::tick);
        }
    }

    private static Map<String, String> sevenGateways(String rootAndA, String b) {
        Map<String, String> brokers = new LinkedHashMap<>();
        brokers.put("-/-/root", rootAndA);
        brokers.put("A/-/dA", rootAndA);
        brokers.put("B/-/dB", b);
        brokers.put("A/g1/a1", rootAndA);
        brokers.put("A/g2/a2", rootAndA);
        brokers.put("B/g1/b1", b);
        brokers.put("B/g2/b2", b);
        return brokers;
    }

    private List<CoapEnvelope> get(String from, String uri) throws Exception {
        return gateways.get(from).get(uri);
    }

    private static String text(CoapEnvelope response) {
        return new String(response.payload(), StandardCharsets.UTF_8);
    }

    @Test
    void onOneBrokerARequestGoesStraightToTheOwnerAndTheAnswerStraightBack() throws Exception {
        tree(sevenGateways("fleet:8883", "fleet:8883"), RemoteQueryOptions.defaults());

        // a1 does not follow b2 (another domain): the first request goes through the tree, its answer names b2's
        // broker, and from then on requests take the direct route
        assertTrue(text(get("a1", "/tree/B/g2/b2/temperature").get(0)).startsWith("21.5 at b2"));
        assertEquals(8, routed.size(), "through the tree: " + routed);
        routed.clear();

        List<CoapEnvelope> responses = get("a1", "/tree/B/g2/b2/temperature");

        assertEquals(1, responses.size());
        assertTrue(text(responses.get(0)).startsWith("21.5 at b2"), text(responses.get(0)));
        assertEquals(List.of("coaptree/B/g2/b2/query", "coaptree/A/g1/a1/reply"), routed);
        routed.clear();
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/*/temperature").get(0).code());
        assertEquals(List.of("coaptree/B/g2/b2/query", "coaptree/A/g1/a1/reply"), routed, "any replica, directly");
        assertEquals(0, gateways.values().stream().mapToInt(g -> g.rq.pendingCount()).sum());
    }

    /**
     * A learned route goes stale: an owner that went away is sought directly until a request times out, then
     * through the tree again, where the gateway that follows it knows it is down; a route is kept for its lease only.
     */
    @Test
    void aStaleDirectRouteFallsBackToTheTree() throws Exception {
        tree(sevenGateways("fleet:8883", "fleet:8883"), RemoteQueryOptions.defaults());
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        routed.clear();
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        assertEquals(List.of("coaptree/B/g2/b2/query", "coaptree/A/g1/a1/reply"), routed, "learned");

        // the lease runs out: through the tree again, which renews it
        run(Duration.ofMillis(30_100));
        routed.clear();
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        assertEquals(8, routed.size(), "through the tree after the lease: " + routed);

        // b2 hangs up: its direct request times out, and the next one goes through the tree, where dB answers
        gateways.get("b2").ticking = false;
        gateways.get("b2").connection.unsubscribe("coaptree/B/g2/b2/query");
        routed.clear();
        List<CoapEnvelope> unanswered = get("a1", "/tree/B/g2/b2/temperature");
        assertEquals(List.of("coaptree/B/g2/b2/query"), routed, "the learned route, still in its lease");
        run(Duration.ofSeconds(6));
        assertEquals(CoapCodes.GATEWAY_TIMEOUT, unanswered.get(0).code());
        long hungAt = clock.millis();
        while (gateways.get("dB").tree.view().member("b2").orElseThrow().isUp()) {
            run(Duration.ofMillis(100));
            assertTrue(clock.millis() - hungAt <= 10_000, "dB marks b2 down within its failure timeout");
        }
        routed.clear();
        List<CoapEnvelope> answered = get("a1", "/tree/B/g2/b2/temperature");
        assertEquals(1, answered.size(), "answered at once through the tree: " + routed);
        CoapEnvelope down = answered.get(0);
        assertEquals(CoapCodes.SERVICE_UNAVAILABLE, down.code(), text(down));
        assertEquals("coaptree/A/-/dA/query", routed.get(0), "through the tree: " + routed);
    }

    @Test
    void observeRelationsTakeTheDirectRouteAndTheCancelFollowsIt() throws Exception {
        tree(sevenGateways("fleet:8883", "fleet:8883"), RemoteQueryOptions.defaults());
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code()); // learns the route
        routed.clear();
        List<CoapEnvelope> notifications = new ArrayList<>();
        CancellableExchange relation = gateways.get("a1").rq.submit(
                TreeUri.parse(List.of("tree", "B", "g2", "b2", "counter"), List.of()),
                CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).observe(0).build(), notifications::add);
        gateways.get("b2").notifyCounter(1);
        assertEquals(2, notifications.size());
        assertEquals(List.of("coaptree/B/g2/b2/query", "coaptree/A/g1/a1/reply", "coaptree/A/g1/a1/reply"), routed);

        relation.cancel();

        assertEquals("coaptree/B/g2/b2/query", routed.get(routed.size() - 1));
        assertTrue(gateways.get("b2").counterObservers.isEmpty(), "the owner dropped the relation");
    }

    @Test
    void aLookupGoesStraightToTheGatewayOfItsScope() throws Exception {
        tree(sevenGateways("fleet:8883", "fleet:8883"), RemoteQueryOptions.defaults());

        List<CoapEnvelope> scopeB = get("a1", "/tree-lookup/res?scope=B");

        assertEquals(CoapCodes.CONTENT, scopeB.get(0).code());
        assertTrue(text(scopeB.get(0)).contains("/tree/B/g2/b2/temperature"), text(scopeB.get(0)));
        // a1 follows neither domain B nor its groups: the lookup goes to the first gateway it knows on its broker
        // whose subtree holds the scope (the root), past its own domain gateway
        assertEquals("coaptree/-/-/root/query", routed.get(0), "not through dA");
        routed.clear();
        List<CoapEnvelope> everything = get("b1", "/tree-lookup/res");
        assertTrue(text(everything.get(0)).contains("/tree/A/g2/a2/temperature"), text(everything.get(0)));
        assertEquals("coaptree/-/-/root/query", routed.get(0), "to the root without passing dB");
    }

    @Test
    void behindAnotherBrokerTheRequestGoesHopByHop() throws Exception {
        tree(sevenGateways("central:8883", "site-b:8883"), RemoteQueryOptions.defaults());

        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        assertEquals(List.of("coaptree/A/-/dA/query", "coaptree/-/-/root/query", "coaptree/B/-/dB/query",
                "coaptree/B/g2/b2/query", "coaptree/B/-/dB/reply", "coaptree/-/-/root/reply", "coaptree/A/-/dA/reply",
                "coaptree/A/g1/a1/reply"), routed);
        routed.clear();
        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/-/-/root/temperature").get(0).code());
        assertEquals(List.of("coaptree/-/-/root/query", "coaptree/A/g1/a1/reply"), routed,
                "the root shares the broker of domain A: past its domain gateway");
    }

    @Test
    void withDirectRoutesOffEveryRequestGoesHopByHop() throws Exception {
        tree(sevenGateways("fleet:8883", "fleet:8883"), RemoteQueryOptions.fromProperties(
                Map.of(RemoteQueryOptions.DIRECT_ROUTES.id(), false)));

        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        assertEquals(8, routed.size(), routed.toString());
    }

    @Test
    void gatewaysThatAnnounceNoBrokerAreNeverReachedDirectly() throws Exception {
        tree(sevenGateways("", ""), RemoteQueryOptions.defaults());

        assertEquals(CoapCodes.CONTENT, get("a1", "/tree/B/g2/b2/temperature").get(0).code());
        assertEquals(8, routed.size(), routed.toString());
    }
}
