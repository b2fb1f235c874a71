package io.coaptree.tree.protocol;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.drops.DropReason;

class MembershipProtocolTest {

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, MembershipProtocol> handlers = new LinkedHashMap<>();
    private final Map<String, InMemoryMessageBus.Connection> connections = new LinkedHashMap<>();

    private MembershipProtocol start(String address) {
        MembershipProtocol handler = new MembershipProtocol(
                TreeOptions.fromProperties(TreeOptions.addressProperties(NodeAddress.parse(address))), clock);
        InMemoryMessageBus.Connection connection = bus.connect(address, handler.lastWill());
        handler.start(connection);
        handlers.put(address, handler);
        connections.put(address, connection);
        return handler;
    }

    /** Runs every live handler's tick, as each gateway's one scheduler would, for the given time. */
    private void run(Duration duration) {
        long steps = duration.toMillis() / 100;
        for (long i = 0; i < steps; i++) {
            clock.advance(Duration.ofMillis(100));
            for (Map.Entry<String, MembershipProtocol> e : handlers.entrySet()) {
                if (connections.containsKey(e.getKey())) {
                    e.getValue().tick();
                }
            }
        }
    }

    private void sevenNodes() {
        for (String a : List.of("-/-/root", "A/-/dA", "B/-/dB", "A/g1/a1", "A/g2/a2", "B/g1/b1", "B/g2/b2")) {
            start(a);
        }
        run(Duration.ofSeconds(2));
    }

    @Test
    void sevenNodesJoinAndAllSeeTheSameTree() {
        sevenNodes();
        for (MembershipProtocol h : handlers.values()) {
            assertEquals(MembershipProtocol.State.JOINED, h.state());
            TreeView view = h.view();
            assertEquals(7, view.members().size(), h.self() + " sees " + view);
            assertEquals(Set.of(NodePath.domain("A"), NodePath.domain("B")),
                    view.attachedChildren(NodePath.root()));
            assertEquals(Set.of(NodePath.group("B", "g1"), NodePath.group("B", "g2")),
                    view.attachedChildren(NodePath.domain("B")));
            assertEquals(NodePath.domain("A"), view.lookup(NodePath.group("A", "g2")).attachedTo().orElseThrow());
        }
    }

    @Test
    void aDuplicateNodeNameIsRefusedAndTheOriginalStays() {
        sevenNodes();
        MembershipProtocol duplicate = new MembershipProtocol(
                TreeOptions.fromProperties(TreeOptions.addressProperties(NodeAddress.parse("B/g2/a1"))), clock);
        List<String> refusals = new ArrayList<>();
        duplicate.addListener(new MembershipListener() {
            @Override
            public void refused(String reason) {
                refusals.add(reason);
            }
        });
        InMemoryMessageBus.Connection connection = bus.connect("dup", duplicate.lastWill());
        duplicate.start(connection);
        handlers.put("dup", duplicate);
        connections.put("dup", connection);
        run(Duration.ofSeconds(3));
        assertEquals(MembershipProtocol.State.REFUSED, duplicate.state());
        assertTrue(duplicate.refusal().orElseThrow().contains("'a1' is already in use by the live gateway A/g1/a1"),
                duplicate.refusal().orElseThrow());
        assertEquals(List.of(duplicate.refusal().orElseThrow()), refusals);
        TreeView rootView = handlers.get("-/-/root").view();
        assertEquals(NodePath.group("A", "g1"), rootView.member("a1").orElseThrow().path());
        assertEquals(7, rootView.members().size());
    }

    @Test
    void groupsReattachWithinTheDeadlineWhenTheirDomainStopsAndTheTreeHeals() {
        sevenNodes();
        MembershipProtocol b1 = handlers.get("B/g1/b1");
        List<TreeChange> seen = new ArrayList<>();
        b1.addListener(new MembershipListener() {
            @Override
            public void changed(TreeView view, List<TreeChange> changes) {
                seen.addAll(changes);
            }
        });
        // dB hangs: no heartbeats, no last will (its connection stays open).
        InMemoryMessageBus.Connection dB = connections.remove("B/-/dB");
        long deadline = handlers.get("B/-/dB").options().reattachDeadlineMillis();
        long hungAt = clock.millis();
        long reattachedAt = -1;
        while (clock.millis() - hungAt <= deadline) {
            run(Duration.ofMillis(100));
            if (b1.view().attachedTo(NodePath.group("B", "g1")).orElseThrow().isRoot()) {
                reattachedAt = clock.millis();
                break;
            }
        }
        assertTrue(reattachedAt > 0 && reattachedAt - hungAt <= deadline, "re-attached after "
                + (reattachedAt - hungAt) + " ms, deadline " + deadline);
        for (String a : List.of("-/-/root", "A/g1/a1", "B/g2/b2")) {
            TreeView v = handlers.get(a).view();
            assertFalse(v.isLive(NodePath.domain("B")));
            assertTrue(v.attachedChildren(NodePath.root()).containsAll(
                    Set.of(NodePath.group("B", "g1"), NodePath.group("B", "g2"))), a + ": " + v);
        }
        assertTrue(seen.contains(new TreeChange(TreeChange.Kind.REATTACHED, NodePath.group("B", "g1"), null,
                NodePath.domain("B"), NodePath.root())), seen.toString());

        // dB comes back: its heartbeat heals the tree.
        connections.put("B/-/dB", dB);
        run(Duration.ofSeconds(3));
        for (MembershipProtocol h : handlers.values()) {
            assertEquals(NodePath.domain("B"), h.view().attachedTo(NodePath.group("B", "g1")).orElseThrow(),
                    h.self().toString());
        }
    }

    @Test
    void aLastWillMarksTheNodeDownAtOnce() {
        sevenNodes();
        connections.remove("A/-/dA").crash();
        TreeView view = handlers.get("A/g1/a1").view();
        assertFalse(view.isLive(NodePath.domain("A")));
        assertEquals(NodePath.root(), view.attachedTo(NodePath.group("A", "g1")).orElseThrow());
    }

    @Test
    void aTextLastWillFromTheTransportSettingsMarksTheNodeDownAndItsNextHeartbeatHeals() {
        sevenNodes();
        // What the MQTT transport publishes with lwt.topic=<the node's lwt topic> and an empty lwt.payload.
        MembershipProtocol domain = handlers.get("A/-/dA");
        connections.get("-/-/root").publish(domain.lastWill().topic(), new byte[0]);
        TreeView view = handlers.get("A/g1/a1").view();
        assertFalse(view.isLive(NodePath.domain("A")));
        assertEquals(NodePath.root(), view.attachedTo(NodePath.group("A", "g1")).orElseThrow());

        run(Duration.ofSeconds(3));
        assertEquals(NodePath.domain("A"),
                handlers.get("A/g1/a1").view().attachedTo(NodePath.group("A", "g1")).orElseThrow());
    }

    @Test
    void aReplicaTakesOverAndALeaveRemovesTheNode() {
        sevenNodes();
        start("A/-/cA");
        run(Duration.ofSeconds(2));
        TreeView view = handlers.get("-/-/root").view();
        assertEquals("cA", view.liveReplica(NodePath.domain("A")).orElseThrow().name());
        handlers.get("A/-/cA").stop();
        connections.remove("A/-/cA");
        view = handlers.get("-/-/root").view();
        assertEquals("dA", view.liveReplica(NodePath.domain("A")).orElseThrow().name());
        assertTrue(view.member("cA").isEmpty());
        assertEquals(NodePath.domain("A"), view.attachedTo(NodePath.group("A", "g1")).orElseThrow());
    }

    @Test
    void aRestartedNodeRejoinsUnderItsName() {
        sevenNodes();
        connections.remove("A/g1/a1").crash();
        handlers.remove("A/g1/a1");
        MembershipProtocol again = start("A/g1/a1");
        run(Duration.ofSeconds(2));
        assertEquals(MembershipProtocol.State.JOINED, again.state());
        assertTrue(handlers.get("-/-/root").view().member("a1").orElseThrow().isUp());
        assertEquals(again.incarnation(), handlers.get("-/-/root").view().member("a1").orElseThrow().incarnation());
    }

    @Test
    void messagesItCannotUseAreRefusedCountedByReasonAndChangeNothing() throws TreeCodecException {
        sevenNodes();
        MembershipProtocol root = handlers.get("-/-/root");
        TreeView before = root.view();
        InMemoryMessageBus.Connection attacker = bus.connect("attacker", null);
        TreeMessageCodec codec = new TreeMessageCodec(4096);
        byte[] heartbeatOfB1 = codec.encode(new TreeMessage.Heartbeat(NodeAddress.parse("B/g1/b1"), 7, "", ""));

        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[] { 1, 2, 3 });
        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[5000]);
        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[] { TreeMessageCodec.FORMAT_VERSION, 99, 0, 0 });
        attacker.publish("coaptree/B/g1/b2/heartbeat", heartbeatOfB1);
        attacker.publish("coaptree/B/g1/b1/leave", heartbeatOfB1);
        run(Duration.ofSeconds(1));

        assertEquals(1, root.droppedMessages().count(DropReason.UNDECODABLE));
        assertEquals(1, root.droppedMessages().count(DropReason.OVERSIZE));
        assertEquals(1, root.droppedMessages().count(DropReason.UNKNOWN_KIND));
        assertEquals(2, root.droppedMessages().count(DropReason.TOPIC_MISMATCH));
        assertEquals(before.members().size(), root.view().members().size(), "no member added or removed");
        assertEquals(before.member("b1").orElseThrow().incarnation(),
                root.view().member("b1").orElseThrow().incarnation(), "the forged heartbeat was not taken");
        assertEquals(MembershipProtocol.State.JOINED, root.state());
    }
}
