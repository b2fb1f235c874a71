package io.coaptree.brokeracl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The bridges of the demo tree on three brokers (root's {@code centre}, {@code site-a}, {@code site-b}) against the
 * tree's own topics ({@link TreeTopics}): where a message published at one broker arrives, following the generated
 * {@code topic} lines the way Mosquitto forwards them (a site's out filters to the hub, the hub to every other site
 * whose in filters match).
 */
class BridgedBrokersTest {

    private static final TreeTopics TOPICS = new TreeTopics("coaptree");
    private static final List<String> GATEWAYS = List.of("-/-/top", "A/-/dA", "B/-/dB", "A/1/gA1", "A/2/gA2",
            "B/1/gB1", "B/2/gB2");
    private static BridgedBrokers brokers;
    private static AccessList hubAcl;

    @BeforeAll
    static void generate() throws Exception {
        brokers = BridgedBrokers.of(Fleets.sevenGatewaysBridged(), "coaptree");
        List<AclFile.UserBlock> blocks = brokers.sites().stream().map(site -> new AclFile.UserBlock("",
                BridgedBrokers.bridgeUser(site), brokers.bridgeRules(site))).toList();
        hubAcl = AclFile.parse(AclFile.write(List.of(), blocks));
    }

    private static String topic(String address, TopicKind kind) {
        return TOPICS.topic(NodeAddress.parse(address), kind);
    }

    private static String brokerOf(String address) {
        return address.startsWith("A/") ? "site-a" : address.startsWith("B/") ? "site-b" : "centre";
    }

    /** The brokers a message published at {@code from} reaches over the bridges. */
    private static Set<String> reached(String from, String topic) {
        Set<String> reached = new LinkedHashSet<>(List.of(from));
        if (!from.equals(brokers.hub())) {
            if (!carries(from, BridgedBrokers.Direction.OUT, topic)) {
                return reached;
            }
            reached.add(brokers.hub());
        }
        for (String site : brokers.sites()) {
            if (!site.equals(from) && carries(site, BridgedBrokers.Direction.IN, topic)) {
                reached.add(site);
            }
        }
        return reached;
    }

    private static boolean carries(String site, BridgedBrokers.Direction direction, String topic) {
        return brokers.bridgeTopics(site).stream().anyMatch(t -> t.direction() == direction
                && AccessList.covers(t.filter(), topic));
    }

    @Test
    void theRootsBrokerIsTheHubAndEachDomainHasItsSite() {
        assertEquals("centre", brokers.hub());
        assertEquals(List.of("centre", "site-a", "site-b"), brokers.brokers());
        assertEquals(List.of("site-a", "site-b"), brokers.sites());
        assertEquals(List.of(), brokers.bridgeTopics("centre"), "the hub has no bridge of its own");
        assertEquals(List.of("dA", "gA1", "gA2"), brokers.members("site-a").stream().map(FleetMember::name).toList());
    }

    /** Each gateway's membership reaches the brokers of the gateways that follow it, and no other. */
    @Test
    void eachGatewaysMembershipReachesTheBrokersOfItsNeighboursOnly() {
        for (String g : GATEWAYS) {
            Set<String> followers = new java.util.TreeSet<>();
            for (String other : GATEWAYS) {
                if (Neighbourhood.follows(NodeAddress.parse(other).path(), NodeAddress.parse(g).path())) {
                    followers.add(brokerOf(other));
                }
            }
            for (TopicKind kind : List.of(TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE, TopicKind.LWT)) {
                assertEquals(followers, new java.util.TreeSet<>(reached(brokerOf(g), topic(g, kind))),
                        g + " " + kind);
            }
        }
        for (String group : List.of("A/1/gA1", "B/2/gB2")) {
            assertTrue(reached(brokerOf(group), topic("-/-/top", TopicKind.CONTROL)).contains("centre"),
                    group + " heartbeats to the root's ctl while its domain is down");
        }
    }

    @Test
    void theHopsBetweenARootAndADomainCrossTheBridges() {
        for (TopicKind kind : List.of(TopicKind.QUERY, TopicKind.REPLY, TopicKind.RD)) {
            // a domain (or a group whose domain gateway is down) to the root, and the root to both
            for (String from : List.of("A/-/dA", "A/1/gA1", "B/-/dB", "B/2/gB2")) {
                assertTrue(reached(brokerOf(from), topic("-/-/top", kind)).contains("centre"), from + " " + kind);
                assertTrue(reached("centre", topic(from, kind)).contains(brokerOf(from)), "to " + from + " " + kind);
            }
        }
    }

    @Test
    void telemetryGoesUpToTheHubAndNeverComesDown() {
        for (String g : List.of("A/-/dA", "A/1/gA1", "B/2/gB2")) {
            assertEquals(Set.of(brokerOf(g), "centre"), reached(brokerOf(g), topic(g, TopicKind.TELEMETRY)), g);
        }
        assertEquals(Set.of("centre"), reached("centre", topic("-/-/top", TopicKind.TELEMETRY)));
    }

    @Test
    void nothingElseCrosses() {
        // a direct request between sites, and the routes inside a site, stay where they were published
        assertEquals(Set.of("site-a"), reached("site-a", topic("B/2/gB2", TopicKind.QUERY)));
        assertEquals(Set.of("site-a"), reached("site-a", topic("A/2/gA2", TopicKind.QUERY)));
        assertEquals(Set.of("site-a"), reached("site-a", topic("A/-/dA", TopicKind.RD)));
        assertEquals(Set.of("site-b"), reached("site-b", topic("A/-/dA", TopicKind.REPLY)));
        for (String g : GATEWAYS) {
            if (!g.startsWith("-/-/")) {
                assertEquals(Set.of(brokerOf(g)), reached(brokerOf(g), topic(g, TopicKind.CONTROL)), g + " ctl");
            }
        }
        assertEquals(Set.of("centre"), reached("centre", topic("-/-/top", TopicKind.CONTROL)), "never back in");
        assertEquals(Set.of("site-a"), reached("site-a", "other/topic"));
    }

    @Test
    void noMessageComesBackOverTheBridgeItLeftBy() {
        for (String site : brokers.sites()) {
            for (BridgedBrokers.BridgeTopic out : brokers.bridgeTopics(site)) {
                for (BridgedBrokers.BridgeTopic in : brokers.bridgeTopics(site)) {
                    if (out.direction() == BridgedBrokers.Direction.OUT
                            && in.direction() == BridgedBrokers.Direction.IN) {
                        assertFalse(overlap(out.filter(), in.filter()), site + ": " + out + " and " + in);
                    }
                }
            }
        }
    }

    /** Whether two filters of the same number of levels (as the generator writes them) can match one topic. */
    private static boolean overlap(String a, String b) {
        String[] x = a.split("/");
        String[] y = b.split("/");
        if (x.length != y.length) {
            return false;
        }
        for (int i = 0; i < x.length; i++) {
            if (!x[i].equals("+") && !y[i].equals("+") && !x[i].equals(y[i])) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theHubAdmitsEachBridgeToExactlyWhatItCarries() {
        String a = BridgedBrokers.bridgeUser("site-a");
        assertEquals("bridge-site-a", a);
        assertTrue(hubAcl.mayPublish(a, topic("A/-/dA", TopicKind.HEARTBEAT)));
        assertFalse(hubAcl.mayPublish(a, topic("A/1/gA1", TopicKind.HEARTBEAT)), "nobody at the hub follows gA1");
        assertTrue(hubAcl.mayPublish(a, topic("-/-/top", TopicKind.QUERY)));
        assertTrue(hubAcl.mayPublish(a, topic("-/-/top", TopicKind.CONTROL)));
        assertTrue(hubAcl.maySubscribe(a, "coaptree/-/-/+/heartbeat"));
        assertFalse(hubAcl.maySubscribe(a, "coaptree/B/+/+/heartbeat"), "nobody at site A follows domain B");
        assertTrue(hubAcl.maySubscribe(a, "coaptree/A/+/+/query"));
        assertFalse(hubAcl.mayPublish(a, topic("B/1/gB1", TopicKind.HEARTBEAT)), "another site's membership");
        assertFalse(hubAcl.mayPublish(a, topic("B/-/dB", TopicKind.QUERY)), "a direct request to another site");
        assertFalse(hubAcl.maySubscribe(a, "coaptree/B/+/+/query"), "another site's requests");
        assertFalse(hubAcl.maySubscribe(a, "coaptree/#"));
        for (BridgedBrokers.BridgeTopic t : brokers.bridgeTopics("site-a")) {
            assertTrue(t.direction() == BridgedBrokers.Direction.OUT ? hubAcl.mayPublish(a, t.filter())
                    : hubAcl.maySubscribe(a, t.filter()), t.toString());
        }
    }
}
