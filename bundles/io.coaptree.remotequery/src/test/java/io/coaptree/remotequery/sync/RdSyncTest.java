package io.coaptree.remotequery.sync;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.protocol.MembershipProtocol;

/** Four gateways (root, domain A, groups A/1 and A/2) on the in-memory bus with a manual clock. */
class RdSyncTest {

    /** A gateway's directory: its own links plus one registration per child, resolved against its origin. */
    private static final class Directory implements DirectorySource, ChildDirectory {
        final String origin;
        final List<String> own = new ArrayList<>();
        final Map<String, List<String>> children = new LinkedHashMap<>();
        /** As the real directory's observation: a registration change makes the gateway read it again. */
        Runnable changed = () -> { };
        /** How often the gateway read this directory. */
        int reads;

        Directory(String name) {
            origin = "coap://" + name + ".example:5683";
        }

        @Override
        public void read(Consumer<List<Link>> result) {
            reads++;
            List<String> links = new ArrayList<>();
            own.forEach(path -> links.add("<" + origin + path + ">;rt=\"temp\""));
            children.values().forEach(set -> set.forEach(link -> links.add("<" + origin + link.substring(1))));
            try {
                result.accept(links.isEmpty() ? List.of()
                        : LinkFormatParser.withDefaults().parse(String.join(",", links)));
            } catch (LinkFormatParseException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public void put(NodeAddress child, Collection<String> links) {
            children.put(child.text(), List.copyOf(links));
            changed.run();
        }

        @Override
        public void remove(NodeAddress child) {
            children.remove(child.text());
            changed.run();
        }

        @Override
        public boolean registered(NodeAddress child) {
            return children.containsKey(child.text());
        }

        boolean lists(String treePath) {
            return children.values().stream().flatMap(List::stream).anyMatch(l -> l.startsWith("<" + treePath + ">"));
        }
    }

    private final class Node {
        final MembershipProtocol tree;
        final Directory directory;
        final RdSync sync;
        final InMemoryMessageBus.Connection connection;
        boolean ticking = true;

        Node(String address, RemoteQueryOptions options) {
            tree = new MembershipProtocol(
                    TreeOptions.fromProperties(TreeOptions.addressProperties(NodeAddress.parse(address))), clock);
            directory = new Directory(tree.self().name());
            sync = new RdSync(tree.self(), tree::view, tree.topics(), options, clock, directory, directory,
                    directory.origin::equals);
            directory.changed = sync::localChanged;
            connection = bus.connect(address, tree.lastWill());
            tree.start(connection);
            sync.start(connection, tree.droppedMessages());
        }

        void tick() {
            if (ticking) {
                tree.tick();
                sync.tick();
            }
        }

        /** Stops as a gateway shutting down does: it leaves the tree. */
        void stop() {
            ticking = false;
            tree.stop();
            sync.stop();
            connection.close();
        }
    }

    private final ManualClock clock = new ManualClock();
    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<SyncMessage> published = new ArrayList<>();
    /** The topic of every resync published, in order. */
    private final List<String> resyncTopics = new ArrayList<>();
    /** Messages on rd topics that are not sync messages: only those a test publishes as an attacker. */
    private int unreadable;
    private final SyncCodec codec = new SyncCodec(LinkFormatParser.withDefaults(), 1 << 20);

    @BeforeEach
    void watchTheRdTopics() {
        bus.connect("watcher", null).subscribe("coaptree/+/+/+/rd", (topic, payload) -> {
            try {
                SyncMessage message = codec.decode(payload);
                if (message instanceof SyncMessage.Resync) {
                    resyncTopics.add(topic);
                }
                published.add(message);
            } catch (SyncCodecException e) {
                unreadable++;
            }
        });
    }

    private void start(RemoteQueryOptions options, String... extra) {
        List<String> addresses = new ArrayList<>(List.of("-/-/top", "A/-/dA", "A/1/gA1", "A/2/gA2"));
        addresses.addAll(List.of(extra));
        addresses.forEach(address -> add(address, options));
        run(3_000);
    }

    private Node add(String address, RemoteQueryOptions options) {
        Node n = new Node(address, options);
        n.directory.own.add("/temperature");
        nodes.put(n.tree.self().name(), n);
        return n;
    }

    /** How often the root's directory lists {@code treePath}, over all its registrations. */
    private long timesListedAtTheRoot(String treePath) {
        return nodes.get("top").directory.children.values().stream().flatMap(List::stream)
                .filter(l -> l.startsWith("<" + treePath + ">")).count();
    }

    private void run(long millis) {
        for (long t = 0; t < millis; t += 100) {
            clock.advance(Duration.ofMillis(100));
            nodes.values().forEach(Node::tick);
        }
    }

    private static RemoteQueryOptions options(int maxLinks) {
        return options(maxLinks, RemoteQueryOptions.REPLICA_RETENTION.defaultValue());
    }

    private static RemoteQueryOptions options(int maxLinks, long replicaRetentionMillis) {
        return RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.SYNC_INTERVAL.id(), 1_000L,
                RemoteQueryOptions.SYNC_MAX_LINKS.id(), maxLinks, RemoteQueryOptions.SYNC_GRACE.id(), 3_000L,
                RemoteQueryOptions.REPLICA_RETENTION.id(), replicaRetentionMillis));
    }

    @Test
    void theGatewaysPublishOnlyReadableSyncMessages() {
        start(options(500));
        assertFalse(published.isEmpty());
        assertEquals(0, unreadable);
    }

    @Test
    void unreadableSyncMessagesAreRefusedByReasonAndTheSetsStay() throws SyncCodecException {
        start(options(500));
        Node dA = nodes.get("dA");
        Map<String, List<String>> before = Map.copyOf(dA.directory.children);
        InMemoryMessageBus.Connection attacker = bus.connect("attacker", null);
        byte[] ack = codec.encode(new SyncMessage.Ack(NodeAddress.parse("A/1/gA1"), 1, 1));
        byte[] unknownType = ack.clone();
        unknownType[1] = 42;

        attacker.publish("coaptree/A/-/dA/rd", new byte[] { 1, 1, 0 });
        attacker.publish("coaptree/A/-/dA/rd", unknownType);
        attacker.publish("coaptree/A/-/dA/rd", new byte[4 << 20]);
        run(1_000);

        assertEquals(1, dA.tree.droppedMessages().count(DropReason.UNDECODABLE));
        assertEquals(1, dA.tree.droppedMessages().count(DropReason.UNKNOWN_KIND));
        assertEquals(1, dA.tree.droppedMessages().count(DropReason.OVERSIZE));
        assertEquals(before, dA.directory.children, "the children's sets are untouched");
        assertEquals(3, unreadable, "the watcher saw the three messages too");
    }

    @Test
    void theRootHoldsEveryGroupsResourcesAsTreePathsAndTheDomainItsGroups() {
        start(options(500));
        Directory top = nodes.get("top").directory;
        Directory dA = nodes.get("dA").directory;
        assertTrue(dA.lists("/tree/A/1/gA1/temperature"), dA.children.toString());
        assertTrue(dA.lists("/tree/A/2/gA2/temperature"), dA.children.toString());
        assertTrue(top.lists("/tree/A/1/gA1/temperature"), top.children.toString());
        assertTrue(top.lists("/tree/A/-/dA/temperature"), top.children.toString());
        assertEquals(List.of("A/-/dA"), List.copyOf(top.children.keySet()), "one registration per child");
        assertTrue(nodes.get("gA1").sync.inStepWithParent());
        assertTrue(nodes.get("top").sync.holds(nodes.get("top").tree.view().member("dA").orElseThrow()));
    }

    @Test
    void aChangeTravelsAsOneDeltaPerLevelAndARemovalToo() {
        start(options(500));
        Node gA1 = nodes.get("gA1");
        published.clear();
        gA1.directory.own.add("/humidity");
        gA1.sync.localChanged();
        run(300);
        Directory top = nodes.get("top").directory;
        assertTrue(top.lists("/tree/A/1/gA1/humidity"), top.children.toString());
        List<SyncMessage> sets = published.stream()
                .filter(m -> m instanceof SyncMessage.Full || m instanceof SyncMessage.Delta).toList();
        assertEquals(2, sets.size(), "gA1 -> dA and dA -> top: " + sets);
        sets.forEach(m -> assertEquals(List.of(), ((SyncMessage.Delta) m).removed()));
        sets.forEach(m -> assertEquals(1, ((SyncMessage.Delta) m).added().size()));

        gA1.directory.own.remove("/humidity");
        gA1.sync.localChanged();
        run(300);
        assertFalse(top.lists("/tree/A/1/gA1/humidity"), top.children.toString());
        assertTrue(top.lists("/tree/A/1/gA1/temperature"));
    }

    @Test
    void anIdleGatewayReadsItsDirectoryAgainOnlyOnceASafetyIntervalAndThatReadStillFindsAChange() {
        start(options(500));
        Node gA1 = nodes.get("gA1");
        gA1.directory.reads = 0;
        // A change the directory did not announce (the real one announces every change, an expiry included).
        gA1.directory.own.add("/humidity");
        run(RdSync.SAFETY_READ_INTERVALS * 1_000 + 1_000);
        assertEquals(1, gA1.directory.reads, "one safety read in twelve sync intervals, not one each interval");
        Directory top = nodes.get("top").directory;
        assertTrue(top.lists("/tree/A/1/gA1/humidity"), top.children.toString());
    }

    @Test
    void aGroupThatJoinedBeforeItsDomainIsListedOnceAtTheRootAsSoonAsTheDomainCarriesIt() {
        RemoteQueryOptions options = options(500);
        add("-/-/top", options);
        add("A/1/gA1", options);
        run(3_000);
        Directory top = nodes.get("top").directory;
        assertEquals(List.of("A/1/gA1"), List.copyOf(top.children.keySet()), "with no domain, gA1 hangs under top");

        add("A/-/dA", options);
        long waited = 0;
        while (!top.children.getOrDefault("A/-/dA", List.of()).stream()
                .anyMatch(l -> l.startsWith("</tree/A/1/gA1/temperature>")) && waited < 2_000) {
            run(100);
            waited += 100;
            // dA ticks after top: its set arrives after top's tick, and gA1's own copy must go with its arrival
            assertTrue(timesListedAtTheRoot("/tree/A/1/gA1/temperature") <= 1, "listed twice after " + waited
                    + " ms: " + top.children);
        }
        assertTrue(waited < 2_000, "dA carries gA1's set to top: " + top.children);
        assertEquals(1, timesListedAtTheRoot("/tree/A/1/gA1/temperature"), top.children.toString());
        assertEquals(List.of("A/-/dA"), List.copyOf(top.children.keySet()));
    }

    /** Runs until gA1's set is held at top (its domain is gone), at most 8 s; the root's directory. */
    private Directory awaitGA1HeldAtTheRoot() {
        Directory top = nodes.get("top").directory;
        long waited = 0;
        while (!top.children.containsKey("A/1/gA1") && waited < 8_000) {
            run(100);
            waited += 100;
        }
        assertTrue(top.children.containsKey("A/1/gA1"), "gA1 sent its set to top: " + top.children);
        return top;
    }

    @Test
    void whileAFailedDomainsSetIsKeptItsGroupsNowUnderTheRootAreListedThereOnce() {
        start(options(500));
        Node dA = nodes.get("dA");
        dA.ticking = false; // dA stops: after the failure timeout its groups hang under top and send it their sets
        Directory top = awaitGA1HeldAtTheRoot();
        run(200);
        assertTrue(top.children.containsKey("A/-/dA"), "dA's set is kept within the grace period");
        assertEquals(1, timesListedAtTheRoot("/tree/A/1/gA1/temperature"), top.children.toString());
        assertEquals(1, timesListedAtTheRoot("/tree/A/2/gA2/temperature"), top.children.toString());
        assertEquals(1, timesListedAtTheRoot("/tree/A/-/dA/temperature"), "dA's own resources stay listed");

        dA.ticking = true; // dA is back: its groups return under it, and top lists each resource once again
        run(3_000);
        assertEquals(List.of("A/-/dA"), List.copyOf(top.children.keySet()));
        assertEquals(1, timesListedAtTheRoot("/tree/A/1/gA1/temperature"), top.children.toString());
    }

    @Test
    void aGroupThatStoppedAfterItsDomainIsListedOnceAtTheRootWhileBothSetsAreKept() {
        start(options(500));
        nodes.remove("dA").stop(); // dA leaves: its groups hang under top and send it their sets
        Directory top = awaitGA1HeldAtTheRoot();
        nodes.remove("gA1").stop(); // gA1 stops too: top keeps both sets within the grace period
        for (int t = 0; t < 1_000; t += 100) {
            run(100);
            assertEquals(1, timesListedAtTheRoot("/tree/A/1/gA1/temperature"), "after " + t + " ms: "
                    + top.children);
        }
    }

    @Test
    void aDomainRestartingWithItsGroupsNeverLeavesTheirResourcesMissingAtTheRoot() {
        RemoteQueryOptions options = options(500);
        start(options);
        List.of("dA", "gA1", "gA2").forEach(name -> nodes.remove(name).stop());
        add("A/-/dA", options);
        add("A/1/gA1", options);
        add("A/2/gA2", options);
        for (int t = 0; t < 4_000; t += 100) {
            run(100);
            for (String path : List.of("/tree/A/-/dA/temperature", "/tree/A/1/gA1/temperature",
                    "/tree/A/2/gA2/temperature")) {
                assertTrue(timesListedAtTheRoot(path) >= 1, "after " + t + " ms " + path + " is missing at top: "
                        + nodes.get("top").directory.children);
            }
        }
        assertEquals(1, timesListedAtTheRoot("/tree/A/1/gA1/temperature"));
        assertEquals(List.of("A/-/dA"), List.copyOf(nodes.get("top").directory.children.keySet()));
    }

    @Test
    void aLargeSetGoesAsAFullSetAndDeltasEachWithinTheLimit() {
        start(options(10));
        Node gA2 = nodes.get("gA2");
        for (int i = 0; i < 25; i++) {
            gA2.directory.own.add("/sensor/" + i);
        }
        published.clear();
        gA2.sync.localChanged();
        run(1_000);
        Directory dA = nodes.get("dA").directory;
        assertEquals(26, dA.children.get("A/2/gA2").size());
        for (SyncMessage m : published) {
            if (m instanceof SyncMessage.Delta d) {
                assertTrue(d.added().size() + d.removed().size() <= 10, d.toString());
            } else if (m instanceof SyncMessage.Full f) {
                assertTrue(f.links().size() <= 10, f.toString());
            }
        }
        assertTrue(nodes.get("top").directory.lists("/tree/A/2/gA2/sensor/24"));
    }

    @Test
    void aHungGroupIsForgottenAfterTheGracePeriodAndAReattachedGroupResendsItsSet() {
        start(options(500));
        Node gA2 = nodes.get("gA2");
        gA2.ticking = false; // no heartbeats, no reads
        run(6_000 + 500); // failure timeout
        Directory dA = nodes.get("dA").directory;
        assertTrue(dA.lists("/tree/A/2/gA2/temperature"), "kept within the grace period");
        run(3_000 + 1_000 + 2_000);
        assertFalse(dA.lists("/tree/A/2/gA2/temperature"), dA.children.toString());
        assertFalse(nodes.get("top").directory.lists("/tree/A/2/gA2/temperature"));

        Node dAnode = nodes.get("dA");
        dAnode.ticking = false;
        run(6_000 + 1_000);
        Directory top = nodes.get("top").directory;
        assertTrue(top.children.containsKey("A/1/gA1"), "gA1 re-attached to the root and sent its set: "
                + top.children.keySet());
    }

    @Test
    void everyReplicasSetIsHeldByTheParentBeyondTheGracePeriod() {
        start(options(500), "A/1/gA1b");
        run(3_000 + 1_000 + 2_000); // past the grace period: a standby's set used to be forgotten here
        Directory dA = nodes.get("dA").directory;
        assertTrue(dA.lists("/tree/A/1/gA1/temperature"), dA.children.toString());
        assertTrue(dA.lists("/tree/A/1/gA1b/temperature"), dA.children.toString());
        assertTrue(nodes.get("top").directory.lists("/tree/A/1/gA1b/temperature"));
        assertTrue(nodes.get("gA1b").sync.inStepWithParent());
    }

    @Test
    void aFailedReplicasSetIsRetainedWhileItsPathIsServedAndReplacedWhenItReturns() {
        start(options(500, 20_000), "A/1/gA1b");
        Node gA1 = nodes.get("gA1");
        gA1.ticking = false;
        run(6_000 + 3_000 + 2_000); // failure timeout, then past the grace period
        Directory dA = nodes.get("dA").directory;
        assertTrue(dA.lists("/tree/A/1/gA1/temperature"), "retained while gA1b serves A/1: " + dA.children);
        assertTrue(nodes.get("top").directory.lists("/tree/A/1/gA1/temperature"));
        run(20_000);
        assertFalse(dA.lists("/tree/A/1/gA1/temperature"), "forgotten after the retention: " + dA.children);

        gA1.ticking = true;
        gA1.sync.reconnected();
        run(3_000);
        assertTrue(dA.lists("/tree/A/1/gA1/temperature"), "sent again when it returned: " + dA.children);
    }

    @Test
    void aReplicaThatLeftGracefullyIsRetainedToo() {
        start(options(500, 20_000), "A/1/gA1b");
        Node gA1b = nodes.get("gA1b");
        gA1b.tree.stop(); // a leave: gone from every view at once
        gA1b.ticking = false;
        run(3_000 + 2_000);
        assertTrue(nodes.get("dA").directory.lists("/tree/A/1/gA1b/temperature"), "retained after a leave");
    }

    @Test
    void childrenAttachToEveryReplicaOfTheirParentAndMoveWhenItFails() {
        start(options(500), "A/-/dA2", "A/3/gA3", "A/4/gA4", "A/5/gA5");
        run(3_000 + 1_000); // a group that attached to dA before dA2 joined is forgotten there after the grace
        Directory dA = nodes.get("dA").directory;
        Directory dA2 = nodes.get("dA2").directory;
        assertFalse(dA.children.isEmpty(), "dA holds some groups");
        assertFalse(dA2.children.isEmpty(), "dA2 holds the others");
        for (String group : List.of("A/1/gA1", "A/2/gA2", "A/3/gA3", "A/4/gA4", "A/5/gA5")) {
            assertTrue(dA.children.containsKey(group) ^ dA2.children.containsKey(group), group);
        }
        nodes.get("dA2").ticking = false;
        run(6_000 + 1_000);
        for (String group : List.of("A/1/gA1", "A/2/gA2", "A/3/gA3", "A/4/gA4", "A/5/gA5")) {
            assertTrue(dA.children.containsKey(group), group + " moved to dA: " + dA.children.keySet());
        }
        assertTrue(nodes.get("top").directory.lists("/tree/A/5/gA5/temperature"));
    }

    @Test
    void aDeltaThatDoesNotFitTheParentsVersionIsAnsweredWithAResync() {
        start(options(500));
        Node dA = nodes.get("dA");
        NodeAddress gA1 = nodes.get("gA1").tree.self();
        published.clear();
        SyncMessage.Delta stale = new SyncMessage.Delta(gA1, 42, 7, 8, 0, List.of("</x>"), List.of());
        InMemoryMessageBus.Connection forger = bus.connect("forger", null);
        try {
            forger.publish("coaptree/A/-/dA/rd", codec.encode(stale));
        } catch (SyncCodecException e) {
            throw new AssertionError(e);
        }
        assertInstanceOf(SyncMessage.Resync.class, published.get(published.size() - 1));
        assertFalse(dA.directory.lists("/x"));
    }

    /** gA2 with 26 links, more than the 10 a message may carry, held in full by dA. */
    private Node aGroupWithALargeSetHeldByItsDomain() {
        start(options(10));
        Node gA2 = nodes.get("gA2");
        for (int i = 0; i < 25; i++) {
            gA2.directory.own.add("/sensor/" + i);
        }
        gA2.sync.localChanged();
        run(2_000);
        assertEquals(26, nodes.get("dA").directory.children.get("A/2/gA2").size());
        return gA2;
    }

    /** Runs for {@code millis} and checks at every tick that dA lists at least {@code links} links of gA2. */
    private void runWhileDomainListsOfGA2AtLeast(long millis, int links) {
        for (long t = 0; t < millis; t += 100) {
            run(100);
            int listed = nodes.get("dA").directory.children.getOrDefault("A/2/gA2", List.of()).size();
            assertTrue(listed >= links, "dA listed " + listed + " links of gA2 after " + t + " ms");
        }
    }

    private List<SyncMessage> setsSentBy(Node node) {
        return published.stream().filter(m -> m.sender().equals(node.tree.self()))
                .filter(m -> m instanceof SyncMessage.Full || m instanceof SyncMessage.Delta).toList();
    }

    @Test
    void aReconnectionResumesWithADeltaAndTheParentNeverListsLess() {
        Node gA2 = aGroupWithALargeSetHeldByItsDomain();
        published.clear();
        gA2.sync.reconnected();
        gA2.directory.own.add("/sensor/new");
        gA2.sync.localChanged();
        runWhileDomainListsOfGA2AtLeast(3_000, 26);
        assertEquals(27, nodes.get("dA").directory.children.get("A/2/gA2").size());
        List<SyncMessage> sent = setsSentBy(gA2);
        assertFalse(sent.isEmpty());
        sent.forEach(m -> assertInstanceOf(SyncMessage.Delta.class, m, "no full set after a reconnection: " + sent));
    }

    @Test
    void anUnacknowledgedMessageIsSentAgainAsItWasNotReplacedByAFullSet() {
        Node gA2 = aGroupWithALargeSetHeldByItsDomain();
        nodes.get("dA").sync.stop(); // dA no longer reads its rd topic: gA2's next message gets no ack
        published.clear();
        gA2.directory.own.add("/sensor/new");
        gA2.sync.localChanged();
        run(3_500); // more than three ack timeouts (the sync interval, 1 s)
        List<SyncMessage> sent = setsSentBy(gA2);
        assertTrue(sent.size() >= 3, "sent again after each ack timeout: " + sent);
        sent.forEach(m -> assertEquals(sent.get(0), m, "the same delta each time, not a full set: " + sent));
    }

    @Test
    void aMessageSentAgainAfterItWasAppliedIsAcknowledgedAgainAndChangesNothing() throws SyncCodecException {
        Node gA2 = aGroupWithALargeSetHeldByItsDomain();
        published.clear();
        gA2.directory.own.add("/sensor/new");
        gA2.sync.localChanged();
        run(1_000);
        Directory dA = nodes.get("dA").directory;
        assertEquals(27, dA.children.get("A/2/gA2").size());
        List<SyncMessage> sent = setsSentBy(gA2);
        SyncMessage.Delta delta = (SyncMessage.Delta) sent.get(sent.size() - 1);

        // as gA2 would send it again when dA's ack was lost on its way (a reconnection, an ack timeout)
        published.clear();
        bus.connect("gA2-again", null).publish("coaptree/A/-/dA/rd", codec.encode(delta));
        SyncMessage answer = published.stream().filter(m -> m.sender().equals(nodes.get("dA").tree.self()))
                .findFirst().orElseThrow();
        assertInstanceOf(SyncMessage.Ack.class, answer, "not a resync: " + answer);
        assertEquals(delta.version(), ((SyncMessage.Ack) answer).version());
        assertEquals(27, dA.children.get("A/2/gA2").size());
    }

    @Test
    void aFullSetAfterAResyncArrivesInPartsWhileTheParentKeepsListingTheWholeSet() throws SyncCodecException {
        Node gA2 = aGroupWithALargeSetHeldByItsDomain();
        long epoch = published.stream().filter(m -> m.sender().equals(gA2.tree.self())).findFirst().orElseThrow()
                .epoch();
        Directory dA = nodes.get("dA").directory;
        // the bus here delivers at once, so the whole exchange may happen within one publish: watch every change
        List<Integer> listed = new ArrayList<>();
        Runnable readAgain = dA.changed;
        dA.changed = () -> {
            listed.add(dA.children.getOrDefault("A/2/gA2", List.of()).size());
            readAgain.run();
        };
        published.clear();
        bus.connect("dA-again", null).publish("coaptree/A/2/gA2/rd",
                codec.encode(new SyncMessage.Resync(nodes.get("dA").tree.self(), epoch)));
        runWhileDomainListsOfGA2AtLeast(3_000, 26);
        assertTrue(listed.stream().allMatch(n -> n >= 26), "dA listed of gA2, change by change: " + listed);
        assertInstanceOf(SyncMessage.Full.class, setsSentBy(gA2).get(0), "the resync was taken");
        assertTrue(setsSentBy(gA2).size() >= 3, "a full set of 10 and deltas: " + setsSentBy(gA2));
        assertEquals(26, dA.children.get("A/2/gA2").size());
    }

    @Test
    void aGroupBackFromALongPauseWithoutReconnectingIsAskedForItsSet() {
        start(options(500));
        Node gA2 = nodes.get("gA2");
        gA2.ticking = false; // a pause: no heartbeats, no reads, its connection kept
        run(6_000 + 3_000 + 2_000); // failure timeout, then past the grace period
        Directory dA = nodes.get("dA").directory;
        assertFalse(dA.lists("/tree/A/2/gA2/temperature"), "forgotten after the grace period");
        resyncTopics.clear();
        gA2.ticking = true; // back, with nothing that would make it send its set by itself
        run(3_000);
        assertTrue(dA.lists("/tree/A/2/gA2/temperature"), "asked for it: " + resyncTopics);
        assertTrue(nodes.get("top").directory.lists("/tree/A/2/gA2/temperature"));
        assertEquals(1, resyncsTo(gA2), "asked once: " + resyncTopics);
    }

    @Test
    void aReturningChildThatNeverSendsItsSetIsAskedABoundedNumberOfTimes() {
        start(options(500));
        Node gA2 = nodes.get("gA2");
        gA2.ticking = false;
        run(6_000 + 3_000 + 2_000);
        gA2.sync.stop(); // back without synchronisation: it never answers
        resyncTopics.clear();
        gA2.ticking = true;
        run(20_000);
        assertEquals(ReturningChildren.MAX_ASKS, resyncsTo(gA2), "then no more: " + resyncTopics);
        assertFalse(nodes.get("dA").directory.lists("/tree/A/2/gA2/temperature"));
    }

    private long resyncsTo(Node child) {
        String topic = "coaptree/" + child.tree.self().text() + "/rd";
        return resyncTopics.stream().filter(topic::equals).count();
    }

    @Test
    void theCodecRoundTripsAndRefusesGarbage() throws Exception {
        NodeAddress a = NodeAddress.parse("A/1/gA1");
        List<SyncMessage> messages = List.of(
                new SyncMessage.Full(a, 1, 2, LinkSet.digest(List.of("</a>;rt=\"x\"")), List.of("</a>;rt=\"x\"")),
                new SyncMessage.Delta(a, 1, 2, 3, 9, List.of("</b>"), List.of("</a>;rt=\"x\"")),
                new SyncMessage.Ack(a, 1, 3), new SyncMessage.Resync(a, 1));
        for (SyncMessage m : messages) {
            assertEquals(m, codec.decode(codec.encode(m)));
        }
        byte[] full = codec.encode(messages.get(0));
        for (int cut = 0; cut < full.length; cut++) {
            byte[] truncated = java.util.Arrays.copyOf(full, cut);
            assertThrows(SyncCodecException.class, () -> codec.decode(truncated));
        }
        assertThrows(SyncCodecException.class,
                () -> new SyncCodec(LinkFormatParser.withDefaults(), 10).encode(messages.get(0)));
    }
}
