package io.coaptree.remotequery.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;

/**
 * A joining group sends its set as soon as it hears its domain answer its join, while the domain takes it as a member
 * only from its first heartbeat (after the join window); on MQTT the set often comes first (seen in every cold start
 * of the fleet simulator). The domain refuses that set and asks for it again as soon as the group is a member
 * attached to it, instead of leaving the group's resources missing until its 5 s ack timeout runs out.
 */
class EarlyChildrenTest {

    private static final long ASK_EVERY = 5_000;
    private final NodeAddress domain = NodeAddress.parse("A/-/dA");
    private final NodeAddress group = NodeAddress.parse("A/1/gA1");
    private final Map<NodeAddress, Collection<String>> registered = new HashMap<>();
    private final ChildSets sets = new ChildSets(domain, new ChildDirectory() {
        @Override
        public void put(NodeAddress child, Collection<String> links) {
            registered.put(child, links);
        }

        @Override
        public void remove(NodeAddress child) {
            registered.remove(child);
        }

        @Override
        public boolean registered(NodeAddress child) {
            return registered.containsKey(child);
        }
    }, 3_000, 3_000, 60_000, ASK_EVERY);
    private final TreeCollections view = new TreeCollections();

    /** A member now (as the membership protocol records one, attachments recomputed). */
    private void join(NodeAddress address) {
        view.put(new TreeMember(address, 1, "coap://" + address.name() + ":5683", Liveness.UP, 0));
        view.reattach();
    }

    private SyncMessage.Full set(long epoch) {
        List<String> links = List.of("</tree/A/1/gA1/temperature>;rt=\"temp\"");
        return new SyncMessage.Full(group, epoch, 1, LinkSet.digest(links), links);
    }

    @Test
    void aSetFromAGroupNotYetAMemberIsAskedForAgainOnceItIs() {
        join(NodeAddress.parse("-/-/top"));
        join(domain);

        assertEquals(Optional.empty(), sets.onFull(set(42), view, 1_000), "not a member: refused");
        assertEquals(Map.of(), sets.resyncsDue(view, 1_100), "nobody to ask while it is not a member");

        join(group); // its first heartbeat, after the join window
        assertEquals(Map.of(group, new SyncMessage.Resync(domain, 42)), sets.resyncsDue(view, 2_000),
                "asked at the first tick it is a member, in the epoch of the set it sent");
        assertEquals(Map.of(), sets.resyncsDue(view, 2_500), "asked once");

        assertTrue(sets.onFull(set(42), view, 2_600).orElseThrow() instanceof SyncMessage.Ack);
        assertTrue(registered.containsKey(group));
    }

    @Test
    void aSenderThatNeverBecomesAMemberIsForgottenAfterOneAskInterval() {
        join(domain);
        sets.onFull(set(7), view, 1_000);

        assertEquals(Map.of(), sets.resyncsDue(view, 1_000 + ASK_EVERY + 1));
        join(group);
        assertEquals(Map.of(), sets.resyncsDue(view, 1_000 + ASK_EVERY + 2), "its own retry has come by then");
    }

    @Test
    void atMostABoundedNumberOfEarlySendersAreRemembered() {
        join(domain);
        for (int i = 0; i < EarlyChildren.MOST + 10; i++) {
            NodeAddress g = NodeAddress.parse("A/" + i + "/g" + i);
            List<String> links = List.of("</tree/A/" + i + "/g" + i + "/t>");
            sets.onFull(new SyncMessage.Full(g, i, 1, LinkSet.digest(links), links), view, 1_000);
        }
        for (int i = 0; i < EarlyChildren.MOST + 10; i++) {
            join(NodeAddress.parse("A/" + i + "/g" + i));
        }
        assertEquals(EarlyChildren.MOST, sets.resyncsDue(view, 2_000).size());
    }
}
