package io.coaptree.brokeracl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The generated access list of the demo's fleet against the tree's own topic scheme ({@link TreeTopics}): every
 * topic a gateway's role uses is granted, the topics of other roles and gateways are not.
 */
class TreeAccessRulesTest {

    private static final TreeTopics TOPICS = new TreeTopics("coaptree");
    private static AccessList acl;

    @BeforeAll
    static void generate() throws Exception {
        acl = Fleets.sevenGatewaysAcl();
    }

    private static String topic(String address, TopicKind kind) {
        return TOPICS.topic(NodeAddress.parse(address), kind);
    }

    @Test
    void everyGatewayPublishesItsOwnMembershipTopicsAndReadsItsNeighbourhoods() {
        for (String g : List.of("-/-/top", "A/-/dA", "B/-/dB", "A/1/gA1", "A/2/gA2", "B/1/gB1", "B/2/gB2")) {
            String user = g.substring(g.lastIndexOf('/') + 1);
            for (TopicKind kind : List.of(TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE, TopicKind.LWT,
                    TopicKind.CONTROL)) {
                assertTrue(acl.mayPublish(user, topic(g, kind)), user + " publishes " + kind);
            }
            // exactly the filters the membership protocol subscribes to, its neighbourhood, and never the fleet's
            for (String paths : Neighbourhood.subscriptions(NodeAddress.parse(g).path())) {
                for (TopicKind kind : List.of(TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE, TopicKind.LWT)) {
                    assertTrue(acl.maySubscribe(user, "coaptree/" + paths + "/+/" + kind.level()), user + " " + paths);
                }
            }
            for (TopicKind kind : List.of(TopicKind.JOIN, TopicKind.HEARTBEAT, TopicKind.LEAVE, TopicKind.LWT)) {
                assertFalse(acl.maySubscribe(user, TOPICS.everyNode(kind)), user + " subscribes to every " + kind);
            }
            for (TopicKind kind : List.of(TopicKind.CONTROL, TopicKind.QUERY, TopicKind.REPLY, TopicKind.RD)) {
                assertTrue(acl.maySubscribe(user, topic(g, kind)), user + " subscribes to its " + kind);
            }
        }
    }

    @Test
    void aGatewayReadsNoMembershipTopicOutsideItsNeighbourhood() {
        assertFalse(acl.maySubscribe("gA1", topic("B/-/dB", TopicKind.HEARTBEAT)), "another domain");
        assertFalse(acl.maySubscribe("gA1", topic("A/2/gA2", TopicKind.HEARTBEAT)), "a sibling group");
        assertFalse(acl.maySubscribe("dA", topic("B/1/gB1", TopicKind.JOIN)), "another domain's group");
        assertFalse(acl.maySubscribe("top", topic("A/1/gA1", TopicKind.HEARTBEAT)), "the root follows domains only");
        assertTrue(acl.maySubscribe("top", topic("B/-/dB", TopicKind.LWT)));
        assertTrue(acl.maySubscribe("dA", topic("A/2/gA2", TopicKind.LEAVE)));
        assertTrue(acl.maySubscribe("gA1", topic("-/-/top", TopicKind.HEARTBEAT)));
    }

    @Test
    void aGroupHeartbeatsToTheRootsControlTopicAndNoOneElses() {
        assertTrue(acl.mayPublish("gA1", topic("-/-/top", TopicKind.CONTROL)), "taken in by the root");
        assertFalse(acl.mayPublish("gA1", topic("A/-/dA", TopicKind.CONTROL)));
        assertFalse(acl.mayPublish("gA1", topic("A/2/gA2", TopicKind.CONTROL)));
        assertFalse(acl.mayPublish("dA", topic("-/-/top", TopicKind.CONTROL)), "a domain is followed by the root");
    }

    @Test
    void noGatewayPublishesAnotherGatewaysMembershipTopics() {
        assertFalse(acl.mayPublish("gA1", topic("B/2/gB2", TopicKind.HEARTBEAT)));
        assertFalse(acl.mayPublish("gA1", topic("-/-/top", TopicKind.LWT)));
        assertFalse(acl.mayPublish("gA1", topic("A/1/other", TopicKind.LEAVE)), "not even a name beside its own");
        assertFalse(acl.mayPublish("gA1", topic("-/-/gA1", TopicKind.JOIN)), "nor its own name at the root");
        assertFalse(acl.mayPublish("top", topic("A/-/dA", TopicKind.CONTROL)));
        assertFalse(acl.mayPublish("gA1", topic("-/-/top", TopicKind.HEARTBEAT)), "the root's ctl, not its heartbeat");
    }

    @Test
    void withDirectRoutesRequestsAndRepliesReachEveryGatewayOfTheFleet() {
        for (TopicKind kind : List.of(TopicKind.QUERY, TopicKind.REPLY)) {
            assertTrue(acl.mayPublish("gA1", topic("B/2/gB2", kind)), "straight to the owner and back");
            assertTrue(acl.mayPublish("gB2", topic("A/1/gA1", kind)));
            assertTrue(acl.mayPublish("dA", topic("B/1/gB1", kind)));
            assertFalse(acl.mayPublish("gA1", topic("C/1/gC1", kind)), "a path of no gateway of the inventory");
        }
        assertFalse(acl.mayPublish("gA1", topic("B/2/gB2", TopicKind.RD)), "directory sets still parent to child");
        assertFalse(acl.maySubscribe("gA1", topic("B/2/gB2", TopicKind.QUERY)), "nor reading others' requests");
    }

    @Test
    void onSeveralBrokersDirectRoutesStayOnTheGatewaysOwnBroker() throws Exception {
        AccessList bridged = AclFile.parse(AclFile.write(List.of("test"), TreeAccessRules.of(
                Fleets.sevenGatewaysBridged(), "coaptree", java.util.EnumSet.allOf(Role.class))));
        for (TopicKind kind : List.of(TopicKind.QUERY, TopicKind.REPLY)) {
            assertTrue(bridged.mayPublish("gA1", topic("A/2/gA2", kind)), "a gateway of its own site, directly");
            assertFalse(bridged.mayPublish("gA1", topic("B/2/gB2", kind)), "another site only hop by hop");
            assertTrue(bridged.mayPublish("gA1", topic("A/-/dA", kind)), "its parent, as always");
        }
    }

    @Test
    void withoutDirectRoutesRequestsAndRepliesGoOnlyToTheNeighboursOfTheEffectiveTree() throws Exception {
        AccessList acl = Fleets.sevenGatewaysHopByHopAcl();
        for (TopicKind kind : List.of(TopicKind.QUERY, TopicKind.REPLY)) {
            // a group: its domain, the root (while its domain is down), its own path's replicas
            assertTrue(acl.mayPublish("gA1", topic("A/-/dA", kind)));
            assertTrue(acl.mayPublish("gA1", topic("-/-/top", kind)));
            assertTrue(acl.mayPublish("gA1", topic("A/1/gA1-replica", kind)));
            assertFalse(acl.mayPublish("gA1", topic("A/2/gA2", kind)), "a sibling group only through the domain");
            assertFalse(acl.mayPublish("gA1", topic("B/2/gB2", kind)));
            assertFalse(acl.mayPublish("gA1", topic("B/-/dB", kind)));
            // a domain: the root, its groups, its replicas; not the other domain or its groups
            assertTrue(acl.mayPublish("dA", topic("-/-/top", kind)));
            assertTrue(acl.mayPublish("dA", topic("A/2/gA2", kind)));
            assertTrue(acl.mayPublish("dA", topic("A/-/dA2", kind)));
            assertFalse(acl.mayPublish("dA", topic("B/-/dB", kind)));
            assertFalse(acl.mayPublish("dA", topic("B/1/gB1", kind)));
            // the root: every domain and, for groups whose domain is down, every group
            assertTrue(acl.mayPublish("top", topic("B/-/dB", kind)));
            assertTrue(acl.mayPublish("top", topic("B/2/gB2", kind)));
        }
    }

    @Test
    void directorySynchronisationRunsBetweenParentAndChildOnly() {
        assertTrue(acl.mayPublish("gA1", topic("A/-/dA", TopicKind.RD)));
        assertTrue(acl.mayPublish("gA1", topic("-/-/top", TopicKind.RD)), "re-attached to the root");
        assertTrue(acl.mayPublish("dA", topic("A/1/gA1", TopicKind.RD)));
        assertTrue(acl.mayPublish("top", topic("A/1/gA1", TopicKind.RD)));
        // Replicas as peers: a child syncs with whichever replica of its parent path it is attached to, and that
        // replica acks; replicas of one path never sync with each other (lookups ask them over query/reply).
        assertTrue(acl.mayPublish("gA1", topic("A/-/dA2", TopicKind.RD)), "any replica of its domain");
        assertTrue(acl.mayPublish("dA", topic("A/1/gA1-replica", TopicKind.RD)), "every replica of its groups");
        assertFalse(acl.mayPublish("gA1", topic("A/1/gA1-replica", TopicKind.RD)));
        assertFalse(acl.mayPublish("dA", topic("B/1/gB1", TopicKind.RD)));
        assertFalse(acl.mayPublish("gA1", topic("A/2/gA2", TopicKind.RD)));
    }

    @Test
    void telemetryGoesUpOnlyEachGatewayPublishesItsOwnAndOnlyTheRootReadsIt() {
        for (String g : List.of("-/-/top", "A/-/dA", "A/1/gA1", "B/2/gB2")) {
            String user = g.substring(g.lastIndexOf('/') + 1);
            assertTrue(acl.mayPublish(user, topic(g, TopicKind.TELEMETRY)), user + " publishes its telemetry");
        }
        assertFalse(acl.mayPublish("gA1", topic("B/2/gB2", TopicKind.TELEMETRY)), "not as another gateway");
        assertFalse(acl.mayPublish("gA1", topic("-/-/top", TopicKind.TELEMETRY)), "nor as the root");
        assertFalse(acl.mayPublish("top", topic("A/1/gA1", TopicKind.TELEMETRY)), "nothing comes down");
        assertTrue(acl.maySubscribe("top", TOPICS.everyNode(TopicKind.TELEMETRY)));
        assertFalse(acl.maySubscribe("dA", TOPICS.everyNode(TopicKind.TELEMETRY)), "a domain reads none");
        assertFalse(acl.maySubscribe("gA1", topic("A/1/gA1", TopicKind.TELEMETRY)), "nor a group its own");
        assertTrue(acl.maySubscribe("monitor", TOPICS.everyNode(TopicKind.TELEMETRY)));
    }

    @Test
    void aGatewayCannotSubscribeToOtherGatewaysTraffic() {
        assertFalse(acl.maySubscribe("gA1", "coaptree/#"));
        assertFalse(acl.maySubscribe("gA1", TOPICS.everyNode(TopicKind.QUERY)));
        assertFalse(acl.maySubscribe("gA1", topic("B/2/gB2", TopicKind.QUERY)));
        assertFalse(acl.maySubscribe("dA", topic("A/1/gA1", TopicKind.REPLY)));
        assertFalse(acl.maySubscribe("top", "coaptree/+/+/+/rd"));
    }

    @Test
    void anObserverReadsEverythingAndPublishesNothingAndStrangersNothingAtAll() {
        assertTrue(acl.maySubscribe("monitor", "coaptree/#"));
        assertTrue(acl.maySubscribe("monitor", TOPICS.everyNode(TopicKind.QUERY)));
        assertFalse(acl.mayPublish("monitor", topic("B/2/gB2", TopicKind.QUERY)));
        assertFalse(acl.mayPublish("stranger", topic("A/1/gA1", TopicKind.HEARTBEAT)));
        assertFalse(acl.maySubscribe("stranger", TOPICS.everyNode(TopicKind.HEARTBEAT)));
        assertFalse(acl.mayPublish("gA1", "other/topic"));
    }

    @Test
    void filtersCoverAsMqttMatches() {
        assertTrue(AccessList.covers("a/#", "a"));
        assertTrue(AccessList.covers("a/+/c", "a/+/c"));
        assertFalse(AccessList.covers("a/+/c", "a/#"));
        assertFalse(AccessList.covers("a/b", "a/b/c"));
        assertFalse(AccessList.covers("a/b/c", "a/b"));
    }
}
