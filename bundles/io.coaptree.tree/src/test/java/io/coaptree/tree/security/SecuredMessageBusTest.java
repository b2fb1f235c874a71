package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TreeTopics;

class SecuredMessageBusTest {

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis()));
    }

    private final TreePki pki = TreePki.create("Test Tree CA");
    private final InMemoryMessageBus broker = new InMemoryMessageBus();
    private final MessageBus raw = broker.connect("attacker", null);
    private final TreeTopics topics = new TreeTopics("coaptree");
    private final DroppedMessages refusals = new DroppedMessages(clock, 10_000, line -> { });

    private GatewaySecurity gateway(String address) {
        return gateway(address, false);
    }

    private GatewaySecurity gateway(String address, boolean links) {
        TreePki.Gateway credentials = pki.issue(address);
        GatewayKey key = GatewayKey.of(credentials.keys().getPrivate(), credentials.certificate());
        CertificateAuthorityTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
        MessageSeal seal = links ? MessageSeal.signingWithLinks(address, clock.millis(), key, trust, clock, 30_000, 16)
                : MessageSeal.signing(address, clock.millis(), key, trust, clock, 30_000);
        return GatewaySecurity.sealing(SecurityMode.SIGNATURE, seal, new SecurityLimits(128, 16), refusals, topics,
                clock);
    }

    private final MessageBus dA = gateway("A/-/dA").protect(broker.connect("dA", null), 1024);
    private final MessageBus gA1 = gateway("A/1/gA1").protect(broker.connect("gA1", null), 1024);
    private final List<String> received = new ArrayList<>();

    private MessageHandler collecting() {
        return new MessageHandler() {
            @Override
            public void onMessage(String topic, byte[] payload) {
                received.add(topic + " " + new String(payload, StandardCharsets.UTF_8) + " from ?");
            }

            @Override
            public void onMessage(String topic, byte[] payload, String sender) {
                received.add(topic + " " + new String(payload, StandardCharsets.UTF_8) + " from " + sender);
            }
        };
    }

    @Test
    void handlersGetTheMessageAndTheSenderItsSealProved() {
        gA1.subscribe("coaptree/A/1/gA1/query", collecting());
        dA.publish("coaptree/A/1/gA1/query", "hello".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("coaptree/A/1/gA1/query hello from A/-/dA"), received);
    }

    /**
     * With links, what goes on a topic naming one addressee is MACed once the two gateways heard each other's signed
     * heartbeats, and what everyone reads (heartbeats) stays signed; a replayed link MAC is refused like a signature.
     */
    @Test
    void withLinksMessagesToOneGatewayAreMacedHeartbeatsSignedAndRepeatsRefused() {
        MessageBus dB = gateway("B/-/dB", true).protect(broker.connect("dB", null), 1024);
        MessageBus gB1 = gateway("B/1/gB1", true).protect(broker.connect("gB1", null), 1024);
        List<byte[]> onTheWire = new ArrayList<>();
        raw.subscribe("coaptree/#", (topic, payload) -> onTheWire.add(payload));
        dB.subscribe("coaptree/+/+/+/heartbeat", collecting());
        gB1.subscribe("coaptree/+/+/+/heartbeat", collecting());
        gB1.subscribe("coaptree/B/1/gB1/query", collecting());
        dB.publish("coaptree/B/1/gB1/query", "before".getBytes(StandardCharsets.UTF_8));
        dB.publish("coaptree/B/-/dB/heartbeat", "hb".getBytes(StandardCharsets.UTF_8));
        gB1.publish("coaptree/B/1/gB1/heartbeat", "hb".getBytes(StandardCharsets.UTF_8));
        dB.publish("coaptree/B/1/gB1/query", "after".getBytes(StandardCharsets.UTF_8));

        assertEquals(List.of(0xD2, 0xD2, 0xD2, 0xD1), onTheWire.stream().map(b -> b[0] & 0xFF).toList(),
                "signed until they met, then a COSE_Mac0 for the query; heartbeats signed");
        assertEquals(true, received.contains("coaptree/B/1/gB1/query after from B/-/dB"), received.toString());
        raw.publish("coaptree/B/1/gB1/query", onTheWire.get(3));
        assertEquals(1, refusals.count(DropReason.REPLAYED));
        assertEquals(1, received.stream().filter(r -> r.contains("after")).count(), "the replay reached nobody");
    }

    /**
     * Heartbeats name their sender's certificate by thumbprint once its followers have it: a gateway that subscribed
     * after the certificate went by refuses them, counted as {@code unknown-certificate}, until the sender hears it
     * (its join) and answers with the certificate. Telemetry, read by the root's gateways, which follow no group,
     * always carries it.
     */
    @Test
    void aLateFollowerRefusesThumbprintsUntilTheSenderHearsItsJoin() {
        MessageBus dB = gateway("B/-/dB").protect(broker.connect("dB", null), 1024);
        dB.subscribe("coaptree/B/+/+/join", collecting());
        List<byte[]> heartbeats = new ArrayList<>();
        List<byte[]> telemetry = new ArrayList<>();
        raw.subscribe("coaptree/B/-/dB/heartbeat", (topic, payload) -> heartbeats.add(payload));
        raw.subscribe("coaptree/B/-/dB/telemetry", (topic, payload) -> telemetry.add(payload));
        byte[] beat = "beat".getBytes(StandardCharsets.UTF_8);
        dB.publish("coaptree/B/-/dB/heartbeat", beat);

        MessageBus gB1 = gateway("B/1/gB1").protect(broker.connect("gB1", null), 1024);
        gB1.subscribe("coaptree/B/-/+/heartbeat", collecting());
        dB.publish("coaptree/B/-/dB/heartbeat", beat);
        assertEquals(List.of(), received);
        assertEquals(1, refusals.count(DropReason.UNKNOWN_CERTIFICATE));
        assertEquals(true, heartbeats.get(1).length < heartbeats.get(0).length - 200,
                heartbeats.get(0).length + " then " + heartbeats.get(1).length + " bytes");

        gB1.publish("coaptree/B/1/gB1/join", "join".getBytes(StandardCharsets.UTF_8));
        dB.publish("coaptree/B/-/dB/heartbeat", beat);
        assertEquals(List.of("coaptree/B/1/gB1/join join from B/1/gB1",
                "coaptree/B/-/dB/heartbeat beat from B/-/dB"), received);
        dB.publish("coaptree/B/-/dB/heartbeat", beat);
        assertEquals(3, received.size(), "and the thumbprints after it: " + received);
        assertEquals(1, refusals.total());

        dB.publish("coaptree/B/-/dB/telemetry", beat);
        dB.publish("coaptree/B/-/dB/telemetry", beat);
        assertEquals(telemetry.get(0).length, telemetry.get(1).length);
        assertEquals(true, telemetry.get(1).length > heartbeats.get(1).length + 200, "the whole certificate");
    }

    @Test
    void aRepeatIsRefused() {
        gA1.subscribe("coaptree/A/1/gA1/query", collecting());
        List<byte[]> sealed = new ArrayList<>();
        raw.subscribe("coaptree/A/1/gA1/query", (topic, payload) -> sealed.add(payload));
        dA.publish("coaptree/A/1/gA1/query", "once".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, received.size());

        raw.publish("coaptree/A/1/gA1/query", sealed.get(0));
        assertEquals(1, received.size(), "the replay reached nobody");
        assertEquals(1, refusals.count(DropReason.REPLAYED));
    }

    /** An MQTT client hands one arrival to every filter it matches, as the same bytes: not a replay. */
    @Test
    void oneArrivalMatchingTwoFiltersReachesBoth() {
        List<MessageHandler> handlers = new ArrayList<>();
        MessageBus client = new MessageBus() {
            @Override
            public void publish(String topic, byte[] payload) {
                handlers.forEach(h -> h.onMessage(topic, payload));
            }

            @Override
            public void subscribe(String topicFilter, MessageHandler handler) {
                handlers.add(handler);
            }

            @Override
            public void unsubscribe(String topicFilter) {
            }
        };
        MessageBus secured = gateway("A/1/gA1").protect(client, 1024);
        secured.subscribe("coaptree/A/1/gA1/query", collecting());
        secured.subscribe("coaptree/A/1/+/query", collecting());
        secured.publish("coaptree/A/1/gA1/query", "twice".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, received.size(), received.toString());
        assertEquals(0, refusals.total());
    }

    /**
     * A gateway follows its own path (its replicas'), so the broker hands its own join, heartbeat and leave back:
     * they are dropped unopened and uncounted; anything else on its topics is opened: a copy of its heartbeat with
     * one byte changed is refused as forged, and a heartbeat under its name from another boot (the same gateway
     * started twice) reaches the membership protocol, which refuses the name.
     */
    @Test
    void ownMembershipMessagesAreNotOpenedAnotherBootUnderTheSameNameIs() {
        TreePki.Gateway credentials = pki.issue("A/2/gA2");
        CertificateAuthorityTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
        MessageSeal seal = MessageSeal.signingWithLinks("A/2/gA2", clock.millis(), GatewayKey.of(
                credentials.keys().getPrivate(), credentials.certificate()), trust, clock, 30_000, 16);
        MessageBus gA2 = GatewaySecurity.sealing(SecurityMode.SIGNATURE, seal, new SecurityLimits(128, 16), refusals,
                topics, clock).protect(broker.connect("gA2", null), 1024);
        gA2.subscribe("coaptree/A/2/+/+", collecting());
        List<byte[]> onTheWire = new ArrayList<>();
        raw.subscribe("coaptree/A/2/gA2/heartbeat", (topic, payload) -> onTheWire.add(payload));
        gA2.publish("coaptree/A/2/gA2/heartbeat", "own".getBytes(StandardCharsets.UTF_8));
        gA2.publish("coaptree/A/2/gA2/join", "own".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), received);
        assertEquals(0, seal.signatureChecks());
        assertEquals(0, refusals.total());

        byte[] altered = onTheWire.get(0).clone();
        // in the signed payload, just before the 64-byte signature: a changed signature byte may make it
        // non-canonical, refused as malformed rather than forged
        altered[payloadAt(altered, "own".getBytes(StandardCharsets.UTF_8))] ^= 1;
        raw.publish("coaptree/A/2/gA2/heartbeat", altered);
        assertEquals(List.of(), received);
        assertEquals(1, refusals.count(DropReason.FORGED), "opened, checked and refused, not taken for our echo");

        clock.advance(Duration.ofMillis(1));
        MessageBus twin = GatewaySecurity.sealing(SecurityMode.SIGNATURE, MessageSeal.signingWithLinks("A/2/gA2",
                clock.millis(), GatewayKey.of(credentials.keys().getPrivate(), credentials.certificate()), trust,
                clock, 30_000, 16), new SecurityLimits(128, 16), refusals, topics, clock)
                .protect(broker.connect("twin", null), 1024);
        twin.publish("coaptree/A/2/gA2/heartbeat", "twin".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("coaptree/A/2/gA2/heartbeat twin from A/2/gA2"), received);
        assertEquals(2, seal.signatureChecks());
    }

    @Test
    void onATopicThatNamesItsSenderTheSealMustBeThatNodes() {
        gA1.subscribe("coaptree/+/+/+/heartbeat", collecting());
        dA.publish("coaptree/A/2/gA2/heartbeat", "beat".getBytes(StandardCharsets.UTF_8));
        dA.publish("coaptree/A/-/dA/heartbeat", "beat".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("coaptree/A/-/dA/heartbeat beat from A/-/dA"), received);
        assertEquals(1, refusals.count(DropReason.FORGED));
    }

    @Test
    void anEmptyLastWillPassesUnsealedAndAnythingElseOnItIsRefused() {
        gA1.subscribe("coaptree/+/+/+/lwt", collecting());
        raw.publish("coaptree/A/-/dA/lwt", new byte[0]);
        raw.publish("coaptree/A/-/dA/lwt", "x".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of("coaptree/A/-/dA/lwt  from ?"), received);
        assertEquals(1, refusals.count(DropReason.UNSIGNED));
    }

    @Test
    void plainAndOversizeMessagesAreRefusedUnread() {
        gA1.subscribe("coaptree/A/1/gA1/query", collecting());
        raw.publish("coaptree/A/1/gA1/query", "plain".getBytes(StandardCharsets.UTF_8));
        raw.publish("coaptree/A/1/gA1/query", new byte[1024 + GatewaySecurity.SEAL_OVERHEAD_BYTES + 1]);
        assertEquals(List.of(), received);
        assertEquals(1, refusals.count(DropReason.UNSIGNED));
        assertEquals(1, refusals.count(DropReason.OVERSIZE));
    }

    @Test
    void vouchersOpenOnceForTheStatementTheyWereMadeFor() throws Exception {
        GatewaySecurity entry = gateway("A/1/gA1");
        GatewaySecurity owner = gateway("B/2/gB2");
        byte[] statement = "alice PUT switch on".getBytes(StandardCharsets.UTF_8);
        byte[] voucher = entry.vouch(statement);

        assertEquals(DropReason.FORGED, org.junit.jupiter.api.Assertions.assertThrows(SealRefusedException.class,
                () -> owner.openVoucher(voucher, v -> false)).reason(), "another statement");
        assertEquals("A/1/gA1", owner.openVoucher(voucher, v -> java.util.Arrays.equals(v.statement(), statement))
                .entry());
        assertEquals(DropReason.REPLAYED, org.junit.jupiter.api.Assertions.assertThrows(
                SealRefusedException.class, () -> owner.openVoucher(voucher, v -> true)).reason(), "used once");
    }

    private static int payloadAt(byte[] message, byte[] payload) {
        for (int i = message.length - 64 - payload.length; i >= 0; i--) {
            if (Arrays.equals(message, i, i + payload.length, payload, 0, payload.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
