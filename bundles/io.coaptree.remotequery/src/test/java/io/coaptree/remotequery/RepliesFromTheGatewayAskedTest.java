package io.coaptree.remotequery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.harness.clock.ManualClock;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.drops.DropReason;

/**
 * With direct routes any gateway may publish on any reply topic: a reply counts only when its sender is the gateway
 * the request was sent to. Here the tree trusts its broker (no seals), so the sender an envelope names is what a
 * seal would prove; the Kura-exact tree (io.coaptree.it.tree.RepliesAndIdentitiesScenarios) forges with a stolen
 * key of the tree.
 */
class RepliesFromTheGatewayAskedTest {

    private static final List<String> ADDRESSES = List.of("-/-/root", "A/-/dA", "B/-/dB", "A/g1/a1", "A/g2/a2",
            "B/g1/b1", "B/g2/b2");

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, Gateway> gateways = new LinkedHashMap<>();
    private final EnvelopeCodec codec = new EnvelopeCodec();
    /** What the attacker captured on b2's query topic (b2 itself no longer listens there). */
    private final List<CoapEnvelope> capturedQueries = new ArrayList<>();
    private InMemoryMessageBus.Connection attacker;

    @BeforeEach
    void sevenGatewaysOnOneBroker() {
        for (String address : ADDRESSES) {
            Gateway g = new Gateway(address, bus, clock, RemoteQueryOptions.defaults(), "fleet:8883");
            gateways.put(g.name(), g);
        }
        for (int i = 0; i < 20; i++) {
            clock.advance(Duration.ofMillis(100));
            gateways.values().forEach(Gateway::tick);
        }
        gateways.values().forEach(g -> assertTrue(Neighbours.known(g.tree, ADDRESSES), g.name() + " " + g.tree.view()));
        // a1 does not follow b2 (another domain): one request through the tree teaches it the direct route
        try {
            assertEquals(CoapCodes.CONTENT, submit("a1", "/tree/B/g2/b2/temperature").get(0).code());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        // b2 is asked but does not answer by itself: the test answers in its name when it is time.
        gateways.get("b2").connection.unsubscribe("coaptree/B/g2/b2/query");
        attacker = bus.connect("attacker", null);
        attacker.subscribe("coaptree/B/g2/b2/query", (topic, payload) -> capturedQueries.add(decode(payload)));
    }

    @Test
    void aReplyFromAGatewayNotAskedIsRefusedCountedAndTheRequestStillGetsTheTrueAnswer() throws Exception {
        List<CoapEnvelope> responses = submit("a1", "/tree/B/g2/b2/temperature");
        CoapEnvelope asked = single(capturedQueries);

        replyToA1(asked, "B/g1/b1", "99.9 forged by b1");

        assertEquals(List.of(), responses, "the forged answer did not reach the client");
        assertEquals(1, refusedAtA1(), "counted as unexpected-reply");
        assertEquals(1, gateways.get("a1").rq.pendingCount(), "the request still waits for b2");

        replyToA1(asked, "B/g2/b2", "21.5 at b2");

        assertEquals(1, responses.size());
        assertEquals("21.5 at b2", text(responses.get(0)));
        replyToA1(asked, "B/g2/b2", "21.5 again");
        assertEquals(2, refusedAtA1(), "a reply no request waits for any more is counted too");
    }

    @Test
    void aLookupPartIsTakenOnlyFromTheGatewayItWasSentTo() throws Exception {
        List<CoapEnvelope> responses = submit("a1", "/tree-lookup/res?scope=B/g2");
        CoapEnvelope asked = single(capturedQueries);

        replyToA1(asked, "B/-/dB", "</tree/B/g2/b2/door>;rt=\"forged\"");
        assertEquals(List.of(), responses);
        assertEquals(1, refusedAtA1());

        replyToA1(asked, "B/g2/b2", "</tree/B/g2/b2/temperature>;rt=\"temp\"");
        assertEquals(1, responses.size());
        assertTrue(text(responses.get(0)).contains("/tree/B/g2/b2/temperature"), text(responses.get(0)));
        assertTrue(!text(responses.get(0)).contains("forged"), text(responses.get(0)));
    }

    @Test
    void aGuessedCorrelationIdIsRefusedAndCounted() throws Exception {
        List<CoapEnvelope> responses = submit("a1", "/tree/B/g2/b2/temperature");
        CoapEnvelope asked = single(capturedQueries);

        replyToA1(asked.toBuilder().correlationId(asked.correlationId() + 1).build(), "B/g2/b2", "guessed");

        assertEquals(List.of(), responses);
        assertEquals(1, refusedAtA1());
    }

    private List<CoapEnvelope> submit(String from, String uri) throws Exception {
        return gateways.get(from).get(uri);
    }

    /** Publishes an answer to {@code request} on a1's reply topic, naming {@code sender} as its source. */
    private void replyToA1(CoapEnvelope request, String sender, String text) throws Exception {
        CoapEnvelope reply = CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT)
                .correlationId(request.correlationId()).contentFormat(CoapCodes.TEXT_PLAIN)
                .payload(text.getBytes(StandardCharsets.UTF_8)).sourceNode(sender).destinationNode("A/g1/a1")
                .build();
        attacker.publish("coaptree/A/g1/a1/reply", codec.encode(reply));
    }

    private long refusedAtA1() {
        return gateways.get("a1").tree.droppedMessages().count(DropReason.UNEXPECTED_REPLY);
    }

    private CoapEnvelope decode(byte[] payload) {
        try {
            return codec.decode(payload);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static CoapEnvelope single(List<CoapEnvelope> captured) {
        assertEquals(1, captured.size(), captured.toString());
        return captured.get(0);
    }

    private static String text(CoapEnvelope response) {
        return new String(response.payload(), StandardCharsets.UTF_8);
    }
}
