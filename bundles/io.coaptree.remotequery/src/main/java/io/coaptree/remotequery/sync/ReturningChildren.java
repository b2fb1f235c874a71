package io.coaptree.remotequery.sync;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;

/**
 * Children whose sets this gateway forgot while they were away (down or silent past the grace period), remembered
 * with the epoch of their last set, so that one that comes back attached here without sending its set is asked for
 * it with a resync.
 * <p>
 * A child sends its set by itself when it starts, changes parent, reconnects to the broker or gets no ack. One that
 * was only silent sees none of these: a long pause that kept its MQTT connection, or this gateway cut off from the
 * broker for longer than the grace period while the child kept its own. As far as the child knows, its parent still
 * holds its acknowledged set; without the resync its resources would be missing here, and in every directory above,
 * until its next change. A returning child is given one ask interval to send its set by itself, then asked once an
 * interval, {@value #MAX_ASKS} times at most (a child whose synchronisation was switched off never answers).
 * <p>
 * Bounded by the tree view: an entry goes when its gateway sends a set, leaves the view, or has been asked enough.
 * Not thread-safe: {@link RdSync} serialises calls.
 */
final class ReturningChildren {

    static final int MAX_ASKS = 5;
    private static final long NOT_BACK = -1;

    private static final class Away {
        final NodeAddress child;
        final long epoch;
        long backSince = NOT_BACK;
        int asked;

        Away(NodeAddress child, long epoch) {
            this.child = child;
            this.epoch = epoch;
        }
    }

    private final NodeAddress self;
    private final long askEveryMillis;
    private final Map<String, Away> away = new HashMap<>();

    ReturningChildren(NodeAddress self, long askEveryMillis) {
        this.self = self;
        this.askEveryMillis = askEveryMillis;
    }

    /** This gateway forgot the set of {@code child}, last sent in {@code epoch}. */
    void forgot(NodeAddress child, long epoch) {
        away.put(child.name(), new Away(child, epoch));
    }

    /** A set (full or delta) of {@code child} arrived: it needs no asking. */
    void heard(NodeAddress child) {
        away.remove(child.name());
    }

    /** Whether {@code child} is remembered as away (for tests). */
    boolean remembers(NodeAddress child) {
        Away a = away.get(child.name());
        return a != null && a.child.equals(child);
    }

    /**
     * @param attachedHere whether a gateway is up and attached to this one now
     * @return the resyncs to publish now, by the child they go to
     */
    Map<NodeAddress, SyncMessage> due(TreeView view, Predicate<NodeAddress> attachedHere, long now) {
        Map<NodeAddress, SyncMessage> out = new LinkedHashMap<>();
        for (Iterator<Away> it = away.values().iterator(); it.hasNext();) {
            Away a = it.next();
            if (view.member(a.child).isEmpty() || a.asked >= MAX_ASKS) {
                it.remove();
            } else if (!attachedHere.test(a.child)) {
                a.backSince = NOT_BACK;
            } else if (a.backSince == NOT_BACK) {
                a.backSince = now;
            } else if (now - a.backSince >= askEveryMillis) {
                a.backSince = now;
                a.asked++;
                out.put(a.child, new SyncMessage.Resync(self, a.epoch));
            }
        }
        return out;
    }
}
