package io.coaptree.tree.protocol;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.JoinStatus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;

class MembershipProtocolTest {

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, MembershipProtocol> handlers = new LinkedHashMap<>();
    private final Map<String, InMemoryMessageBus.Connection> connections = new LinkedHashMap<>();

    private MembershipProtocol start(String address) {
        return start(address, new MembershipProtocol(
                TreeOptions.fromProperties(TreeOptions.addressProperties(NodeAddress.parse(address))), clock));
    }

    private MembershipProtocol start(String address, MembershipProtocol handler) {
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

    /** Each gateway knows its neighbourhood (replicas, parent, children, the root), and all agree on where it hangs. */
    @Test
    void sevenNodesJoinAndEachSeesItsNeighbourhood() {
        sevenNodes();
        Map<String, Set<String>> expected = Map.of("-/-/root", Set.of("root", "dA", "dB"),
                "A/-/dA", Set.of("root", "dA", "a1", "a2"), "B/-/dB", Set.of("root", "dB", "b1", "b2"),
                "A/g1/a1", Set.of("root", "dA", "a1"), "A/g2/a2", Set.of("root", "dA", "a2"),
                "B/g1/b1", Set.of("root", "dB", "b1"), "B/g2/b2", Set.of("root", "dB", "b2"));
        for (MembershipProtocol h : handlers.values()) {
            assertEquals(MembershipProtocol.State.JOINED, h.state());
            TreeView view = h.view();
            assertEquals(expected.get(h.self().text()), names(view), h.self() + " sees " + view);
            assertTrue(Set.of(NodePath.domain("A"), NodePath.domain("B")).containsAll(
                    view.attachedChildren(NodePath.root())), view.toString());
            // a path outside the view hangs under its nearest live ancestor that the view knows
            assertEquals(h.self().path().domain().equals("B") ? NodePath.root() : NodePath.domain("A"),
                    view.attachedTo(NodePath.group("A", "g2")).orElseThrow(), h.self().toString());
        }
        assertEquals(Set.of(NodePath.group("B", "g1"), NodePath.group("B", "g2")),
                handlers.get("B/-/dB").view().attachedChildren(NodePath.domain("B")));
    }

    private static Set<String> names(TreeView view) {
        Set<String> names = new java.util.TreeSet<>();
        view.members().forEach(m -> names.add(m.name()));
        return names;
    }

    /**
     * What a gateway outside the newcomer's neighbourhood would receive of its join and of a restart: the
     * subscriptions of domain B's gateways, on the same broker, get no message of group A/g1's.
     */
    @Test
    void aJoinAndARestartReachNoGatewayOutsideTheNeighbourhood() {
        sevenNodes();
        List<String> outside = new ArrayList<>();
        InMemoryMessageBus.Connection watcher = bus.connect("watcher", null);
        for (String address : List.of("B/-/dB", "B/g1/b1", "B/g2/b2")) {
            new FollowedGateways(NodeAddress.parse(address), handlers.get(address).topics()).filters()
                    .forEach(filter -> watcher.subscribe(filter, (topic, payload) -> {
                        if (topic.contains("/A/")) {
                            outside.add(topic);
                        }
                    }));
        }
        start("A/g3/a3");
        run(Duration.ofSeconds(2));
        connections.remove("A/g1/a1").crash();
        handlers.remove("A/g1/a1");
        MembershipProtocol again = start("A/g1/a1");
        run(Duration.ofSeconds(3));
        assertEquals(MembershipProtocol.State.JOINED, again.state());
        assertTrue(handlers.get("A/-/dA").view().member("a3").orElseThrow().isUp(), "domain A follows its new group");
        assertEquals(List.of(), outside, "membership messages of domain A's gateways that reached domain B's");
    }

    @Test
    void aDuplicateNodeNameIsRefusedAndTheOriginalStays() {
        sevenNodes();
        // domain A follows its groups and they follow it: a domain gateway named like one of its groups' is refused
        MembershipProtocol duplicate = new MembershipProtocol(
                TreeOptions.fromProperties(TreeOptions.addressProperties(NodeAddress.parse("A/-/a1"))), clock);
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
        TreeView domainView = handlers.get("A/-/dA").view();
        assertEquals(NodePath.group("A", "g1"), domainView.member("a1").orElseThrow().path());
        assertEquals(4, domainView.members().size());
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
        run(Duration.ofMillis(b1.options().tickIntervalMillis()));
        // the root does not follow groups: it takes in those of the failed domain when they heartbeat to it
        TreeView atRoot = handlers.get("-/-/root").view();
        assertFalse(atRoot.isLive(NodePath.domain("B")));
        assertTrue(atRoot.attachedChildren(NodePath.root()).containsAll(
                Set.of(NodePath.group("B", "g1"), NodePath.group("B", "g2"))), atRoot.toString());
        assertTrue(atRoot.member("b1").orElseThrow().isUp() && atRoot.member("b2").orElseThrow().isUp());
        assertFalse(handlers.get("B/g2/b2").view().isLive(NodePath.domain("B")));
        assertTrue(seen.contains(new TreeChange(TreeChange.Kind.REATTACHED, NodePath.group("B", "g1"), null,
                NodePath.domain("B"), NodePath.root())), seen.toString());

        // dB comes back: its heartbeat heals the tree, and the root forgets the groups it took in (not down: gone)
        List<TreeChange> atTheRoot = new ArrayList<>();
        handlers.get("-/-/root").addListener(new MembershipListener() {
            @Override
            public void changed(TreeView view, List<TreeChange> changes) {
                atTheRoot.addAll(changes);
            }
        });
        connections.put("B/-/dB", dB);
        run(Duration.ofSeconds(3));
        for (String a : List.of("-/-/root", "B/-/dB", "B/g1/b1", "B/g2/b2")) {
            assertEquals(NodePath.domain("B"), handlers.get(a).view().attachedTo(NodePath.group("B", "g1"))
                    .orElseThrow(), a);
        }
        assertTrue(handlers.get("-/-/root").view().member("b1").isEmpty());
        assertTrue(atTheRoot.stream().noneMatch(c -> c.kind() == TreeChange.Kind.DOWN), atTheRoot.toString());
        run(Duration.ofMillis(2 * handlers.get("-/-/root").options().failureTimeoutMillis()));
        assertTrue(atTheRoot.stream().noneMatch(c -> c.kind() == TreeChange.Kind.DOWN), atTheRoot.toString());
    }

    @Test
    void aLastWillFollowedBySilenceMarksTheNodeDownBeforeTheFailureTimeout() {
        sevenNodes();
        MembershipProtocol a1 = handlers.get("A/g1/a1");
        TreeOptions options = a1.options();
        long willGrace = Math.min(options.failureTimeoutMillis(),
                options.heartbeatIntervalMillis() + 2 * options.tickIntervalMillis());
        long crashedAt = clock.millis();
        connections.remove("A/-/dA").crash();
        assertTrue(a1.view().isLive(NodePath.domain("A")), "a will alone marks nobody down");
        while (a1.view().isLive(NodePath.domain("A"))) {
            run(Duration.ofMillis(100));
        }
        long downAfter = clock.millis() - crashedAt;
        assertTrue(downAfter >= willGrace && downAfter <= willGrace + options.tickIntervalMillis()
                && downAfter < options.failureTimeoutMillis(), "down after " + downAfter + " ms");
        assertEquals(NodePath.root(), a1.view().attachedTo(NodePath.group("A", "g1")).orElseThrow());
    }

    @Test
    void aLastWillOfAGatewayThatKeepsHeartbeatingMarksNothingDown() {
        sevenNodes();
        // What the MQTT transport publishes with lwt.topic=<the node's lwt topic> and an empty lwt.payload, here while
        // dA is alive: as when someone takes over its client id on a broker that allows it.
        MembershipProtocol domain = handlers.get("A/-/dA");
        MembershipProtocol a1 = handlers.get("A/g1/a1");
        for (int i = 0; i < 5; i++) {
            connections.get("-/-/root").publish(domain.lastWill().topic(), new byte[0]);
            for (int step = 0; step < 20; step++) {
                run(Duration.ofMillis(100));
                assertTrue(a1.view().isLive(NodePath.domain("A")), "dA marked down at step " + step);
            }
        }
        assertEquals(NodePath.domain("A"), a1.view().attachedTo(NodePath.group("A", "g1")).orElseThrow());
    }

    @Test
    void aJoinRefusedSealedByAnotherGatewayIsDroppedAndCountedAndOneFromTheNamesHolderIsRetried()
            throws TreeCodecException {
        sevenNodes();
        MembershipProtocol a1 = handlers.get("A/g1/a1");
        TreeMessageCodec codec = new TreeMessageCodec(4096);
        String control = "coaptree/A/g1/a1/ctl";
        byte[] refusal = codec.encode(new TreeMessage.JoinRefused(a1.self(), a1.incarnation(), "go away"));
        a1.onMessage(control, refusal, "B/g1/b1");
        a1.onMessage(control, refusal, "-/-/root");
        assertEquals(2, a1.droppedMessages().count(DropReason.FORGED));
        assertEquals(MembershipProtocol.State.JOINED, a1.state());
        assertTrue(handlers.get("A/-/dA").view().member("a1").orElseThrow().isUp());

        // a gateway of the same name elsewhere (its seal proves it) may refuse; the refused gateway asks again
        long refusedAt = clock.millis();
        a1.onMessage(control, refusal, "C/g9/a1");
        assertEquals(MembershipProtocol.State.REFUSED, a1.state());
        JoinStatus status = a1.joinStatus();
        assertEquals("C/g9/a1", status.refusedBy().orElseThrow());
        assertEquals(refusedAt + a1.options().failureTimeoutMillis(), status.nextAttemptAt().getAsLong());
        assertEquals("go away", a1.refusal().orElseThrow());
        run(Duration.ofMillis(a1.options().failureTimeoutMillis() + 2_000));
        assertEquals(MembershipProtocol.State.JOINED, a1.state(), "nobody holds the name: the next join succeeds");
        assertTrue(a1.joinStatus().refusedBy().isEmpty() && a1.refusal().isEmpty());
    }

    @Test
    void aRefusedDuplicateAsksAgainWithABackoffThatDoublesUpToItsBound() {
        sevenNodes();
        MembershipProtocol duplicate = start("A/-/a1");
        List<Long> delays = new ArrayList<>();
        long failureTimeout = duplicate.options().failureTimeoutMillis();
        long lastNext = -1;
        for (int step = 0; step < 6_000 && delays.size() < JoinRetry.MAX_DOUBLINGS + 2; step++) {
            run(Duration.ofMillis(100));
            JoinStatus status = duplicate.joinStatus();
            if (status.nextAttemptAt().isPresent() && status.nextAttemptAt().getAsLong() != lastNext) {
                lastNext = status.nextAttemptAt().getAsLong();
                delays.add(lastNext - clock.millis());
                // on this bus without seals the holder's heartbeat names it; its refusal's sender is unknown
                assertTrue(List.of("A/g1/a1", "an unauthenticated sender").contains(status.refusedBy().orElseThrow()));
            }
        }
        assertEquals(JoinRetry.MAX_DOUBLINGS + 2, delays.size(), "refused at each attempt, never for good: " + delays);
        for (int i = 0; i < delays.size(); i++) { // seen up to one 100 ms step after the refusal
            long expected = failureTimeout << Math.min(i, JoinRetry.MAX_DOUBLINGS);
            assertTrue(delays.get(i) >= expected - 100 && delays.get(i) <= expected, "a bounded backoff: " + delays);
        }
        assertEquals(4, handlers.get("A/-/dA").view().members().size(), "the original a1 stays");
    }

    @Test
    void aBurstOfJoinRequestsIsAnsweredWithAtMostOneHeartbeatPerTick() throws TreeCodecException {
        sevenNodes();
        MembershipProtocol root = handlers.get("-/-/root");
        List<Long> heartbeatsAt = new ArrayList<>();
        InMemoryMessageBus.Connection watcher = bus.connect("watcher", null);
        watcher.subscribe("coaptree/-/-/root/heartbeat", (topic, payload) -> heartbeatsAt.add(clock.millis()));
        InMemoryMessageBus.Connection joiner = bus.connect("joiner", null);
        TreeMessageCodec codec = new TreeMessageCodec(4096);
        long start = clock.millis();
        for (int tick = 0; tick < 20; tick++) { // 2 s, 50 join requests per tick
            for (int i = 0; i < 50; i++) {
                joiner.publish("coaptree/C/-/x/join", codec.encode(
                        new TreeMessage.JoinRequest(NodeAddress.parse("C/-/x"), tick * 50L + i, "", "")));
            }
            run(Duration.ofMillis(100));
        }
        long tickMillis = root.options().tickIntervalMillis();
        assertTrue(heartbeatsAt.size() <= 2_000 / tickMillis + 1, heartbeatsAt.size() + " heartbeats for 1000 joins");
        for (int i = 1; i < heartbeatsAt.size(); i++) {
            assertTrue(heartbeatsAt.get(i) - heartbeatsAt.get(i - 1) >= tickMillis, "one per tick: " + heartbeatsAt);
        }
        assertTrue(heartbeatsAt.get(0) == start, "the first request is answered at once");
        assertTrue(root.joinStatus().answersCoalesced() >= 1_000 - heartbeatsAt.size(),
                "counted: " + root.joinStatus().answersCoalesced());
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
        assertTrue(handlers.get("A/-/dA").view().member("a1").orElseThrow().isUp());
        assertEquals(again.incarnation(), handlers.get("A/-/dA").view().member("a1").orElseThrow().incarnation());
    }

    @Test
    void messagesItCannotUseAreRefusedCountedByReasonAndChangeNothing() throws TreeCodecException {
        sevenNodes();
        MembershipProtocol root = handlers.get("B/-/dB"); // the domain that follows b1
        TreeView before = root.view();
        InMemoryMessageBus.Connection attacker = bus.connect("attacker", null);
        TreeMessageCodec codec = new TreeMessageCodec(4096);
        byte[] heartbeatOfB1 = codec.encode(new TreeMessage.Heartbeat(NodeAddress.parse("B/g1/b1"), 7, "", ""));

        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[] { 1, 2, 3 });
        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[5000]);
        attacker.publish("coaptree/B/g1/b1/heartbeat", new byte[] { TreeMessageCodec.FORMAT_VERSION, 99, 0, 0 });
        attacker.publish("coaptree/B/g1/b2/heartbeat", heartbeatOfB1);
        attacker.publish("coaptree/B/g1/b1/leave", heartbeatOfB1);
        // a heartbeat on a ctl topic is a group's copy for the root's gateways; at a domain it does not belong
        attacker.publish("coaptree/B/-/dB/ctl", heartbeatOfB1);
        run(Duration.ofSeconds(1));

        assertEquals(1, root.droppedMessages().count(DropReason.UNDECODABLE));
        assertEquals(1, root.droppedMessages().count(DropReason.OVERSIZE));
        assertEquals(1, root.droppedMessages().count(DropReason.UNKNOWN_KIND));
        assertEquals(3, root.droppedMessages().count(DropReason.TOPIC_MISMATCH));
        assertEquals(before.members().size(), root.view().members().size(), "no member added or removed");
        assertEquals(before.member("b1").orElseThrow().incarnation(),
                root.view().member("b1").orElseThrow().incarnation(), "the forged heartbeat was not taken");
        assertEquals(MembershipProtocol.State.JOINED, root.state());
    }

    /**
     * Heartbeats that change nothing arrive again every interval for as long as their cause lasts: a new gateway while
     * the view is full, another incarnation of a live member's name. Each is counted under its reason, and the log
     * gets one line per reason per interval, not one per heartbeat.
     */
    @Test
    void heartbeatsAViewCannotTakeAreCountedAndLoggedAtABoundedRate() throws TreeCodecException {
        List<String> warnings = new ArrayList<>();
        Map<String, Object> properties = new HashMap<>(TreeOptions.addressProperties(NodeAddress.parse("-/-/root")));
        properties.put(TreeOptions.MAX_MEMBERS.id(), 3);
        TreeOptions options = TreeOptions.fromProperties(properties);
        MembershipProtocol root = start("-/-/root", new MembershipProtocol(options, clock,
                new DroppedMessages(clock, options.refusalWarnIntervalMillis(), warnings::add)));
        start("A/-/dA");
        start("B/-/dB");
        run(Duration.ofSeconds(2));
        assertEquals(3, root.view().members().size());

        TreeMessageCodec codec = new TreeMessageCodec(4096);
        InMemoryMessageBus.Connection other = bus.connect("other", null);
        long dAIncarnation = handlers.get("A/-/dA").incarnation();
        for (int i = 0; i < 100; i++) {
            other.publish("coaptree/B/-/b9/heartbeat",
                    codec.encode(new TreeMessage.Heartbeat(NodeAddress.parse("B/-/b9"), 5, "", "")));
            other.publish("coaptree/C/-/dA/heartbeat",
                    codec.encode(new TreeMessage.Heartbeat(NodeAddress.parse("C/-/dA"), dAIncarnation + 1, "", "")));
        }
        run(Duration.ofMillis(500));

        assertEquals(100, root.droppedMessages().count(DropReason.TREE_FULL));
        assertEquals(100, root.droppedMessages().count(DropReason.NAME_HELD));
        assertTrue(root.view().member("b9").isEmpty(), "the full view takes no new gateway");
        assertEquals(dAIncarnation, root.view().member("dA").orElseThrow().incarnation(), "the live dA stays");
        assertEquals(2, warnings.size(), "one line per reason within the interval: " + warnings);
        assertTrue(warnings.get(0).contains("tree-full") && warnings.get(0).contains("tree.max.members=3"),
                warnings.get(0));
        assertTrue(warnings.get(1).contains("name-held") && warnings.get(1).contains("A/-/dA"), warnings.get(1));
    }
}
