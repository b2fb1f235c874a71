package io.coaptree.remotequery.sync;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;

/**
 * Children whose set arrived before this gateway knew them as members, so that each is asked for it with a resync as
 * soon as it is known and attached here.
 * <p>
 * A joining gateway learns its parent from the parent's answer to its join and sends its set at once, while the
 * parent takes it as a member only from its first heartbeat, after its join window: the set comes first and is
 * refused (a parent holds sets of its members only). Without asking, the child would send it again only when its
 * ack timeout ({@code remotequery.sync.interval.ms}) ran out, and its resources would be missing here and above
 * meanwhile: five seconds at every cold start of a fleet.
 * <p>
 * Bounded: at most {@value #MOST} children at a time (others wait for their own retry), each kept for one ack timeout
 * at most, by then the child's own retry has come; an entry goes when its gateway sends a set that is taken. Only
 * authenticated senders get here when the tree seals its messages. Not thread-safe: {@link RdSync} serialises calls.
 */
final class EarlyChildren {

    static final int MOST = 256;

    private record Early(NodeAddress child, long epoch, long since) {
    }

    private final NodeAddress self;
    private final long keepMillis;
    private final Map<String, Early> early = new LinkedHashMap<>();

    EarlyChildren(NodeAddress self, long keepMillis) {
        this.self = self;
        this.keepMillis = keepMillis;
    }

    /** A set of {@code child} (its uplink's {@code epoch}) was refused: it is not a member here yet. */
    void cameEarly(NodeAddress child, long epoch, long now) {
        if (early.size() < MOST || early.containsKey(child.name())) {
            early.put(child.name(), new Early(child, epoch, now));
        }
    }

    /** A set of {@code child} was taken: it needs no asking. */
    void heard(NodeAddress child) {
        early.remove(child.name());
    }

    /**
     * @param attachedHere whether a gateway is up and attached to this one now
     * @return the resyncs to publish now, by the child they go to
     */
    Map<NodeAddress, SyncMessage> due(TreeView view, Predicate<NodeAddress> attachedHere, long now) {
        Map<NodeAddress, SyncMessage> out = new LinkedHashMap<>();
        for (Iterator<Early> it = early.values().iterator(); it.hasNext();) {
            Early e = it.next();
            if (now - e.since() > keepMillis) {
                it.remove();
            } else if (view.member(e.child()).isPresent() && attachedHere.test(e.child())) {
                it.remove();
                out.put(e.child(), new SyncMessage.Resync(self, e.epoch()));
            }
        }
        return out;
    }
}
