package io.coaptree.remotequery.sync;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;

/**
 * The child side: brings the parent's copy of this gateway's set up to date with as few messages as possible. At
 * most one message is unacknowledged; the next one is a delta against the version the parent acknowledged, or a
 * full set when the parent's state is unknown (start, new parent or parent restart, a resync request). A change
 * larger than {@code maxLinks} goes as several messages, each acknowledged before the next.
 * <p>
 * A reconnection to the broker or an ack that did not come within the ack timeout resumes instead of starting over:
 * the unacknowledged message is sent again as it was (a parent that applied it already acknowledges it once more),
 * and after a reconnection with nothing unacknowledged an empty delta asks the parent whether it still holds the
 * acknowledged version (it acknowledges, or answers with a resync if it forgot this gateway meanwhile, after the
 * grace period). Sending the full set instead would cost every link again after each broker hiccup, and a set above
 * {@code maxLinks} would reach the parent in parts. Not thread-safe: {@link RdSync} serialises calls.
 */
final class ParentUplink {

    /** The sent-at time of a message that is due again at once (after a reconnection). */
    private static final long DUE_NOW = Long.MIN_VALUE;

    private record Outstanding(long version, Set<String> result, long sentAt, SyncMessage message) {

        Outstanding sentAgainAt(long now) {
            return new Outstanding(version, result, now, message);
        }
    }

    private final NodeAddress self;
    private final long epoch;
    private final int maxLinks;
    private final long ackTimeoutMillis;
    private long nextVersion = 1;
    private Set<String> current;
    private TreeMember parent;
    private Set<String> acked;
    private long ackedVersion;
    private Outstanding outstanding;
    /** Send a delta at the next step even if nothing changed: it asks whether the parent still holds our set. */
    private boolean probe;
    /**
     * Whether the local set may differ from what the parent acknowledged. Comparing the two costs every link, and
     * {@link #step} runs every tree tick: it compares only after something moved (a new read that differs, an ack,
     * a reset), not twice a second on a gateway whose set has not changed for hours.
     */
    private boolean unsent = true;

    ParentUplink(NodeAddress self, long epoch, int maxLinks, long ackTimeoutMillis) {
        this.self = self;
        this.epoch = epoch;
        this.maxLinks = maxLinks;
        this.ackTimeoutMillis = ackTimeoutMillis;
    }

    long epoch() {
        return epoch;
    }

    Optional<NodeAddress> parent() {
        return Optional.ofNullable(parent).map(TreeMember::address);
    }

    /** The local set as last read. */
    void content(Set<String> links) {
        if (current == null || !current.equals(links)) {
            current = new LinkedHashSet<>(links);
            unsent = true;
        }
    }

    /** Forget what the parent holds: the next message is a full set. */
    void reset() {
        acked = null;
        outstanding = null;
        probe = false;
        unsent = true;
    }

    /**
     * The connection was re-established: the unacknowledged message, if any, goes again at the next step, else a
     * delta (empty if nothing changed) against the acknowledged version.
     */
    void resume() {
        if (outstanding != null) {
            outstanding = outstanding.sentAgainAt(DUE_NOW);
        } else {
            probe = acked != null;
        }
    }

    /**
     * @param liveParent the live gateway this one is attached to, empty at the root or when cut off
     * @return the message to publish to the parent now, if any
     */
    Optional<SyncMessage> step(Optional<TreeMember> liveParent, long now) {
        if (liveParent.isEmpty()) {
            parent = null;
            reset();
            return Optional.empty();
        }
        TreeMember p = liveParent.get();
        if (parent == null || !parent.address().equals(p.address()) || parent.incarnation() != p.incarnation()) {
            parent = p;
            reset();
        }
        if (current == null) {
            return Optional.empty();
        }
        if (outstanding != null) {
            if (outstanding.sentAt() != DUE_NOW && now - outstanding.sentAt() < ackTimeoutMillis) {
                return Optional.empty();
            }
            outstanding = outstanding.sentAgainAt(now);
            return Optional.of(outstanding.message());
        }
        if (acked != null && !unsent && !probe) {
            return Optional.empty();
        }
        long version = nextVersion++;
        if (acked == null) {
            Set<String> first = new LinkedHashSet<>();
            for (String link : current) {
                if (first.size() >= maxLinks) {
                    break;
                }
                first.add(link);
            }
            return send(new Outstanding(version, first, now,
                    new SyncMessage.Full(self, epoch, version, LinkSet.digest(first), List.copyOf(first))));
        }
        List<String> removed = new ArrayList<>();
        for (String link : acked) {
            if (removed.size() < maxLinks && !current.contains(link)) {
                removed.add(link);
            }
        }
        List<String> added = new ArrayList<>();
        for (String link : current) {
            if (removed.size() + added.size() < maxLinks && !acked.contains(link)) {
                added.add(link);
            }
        }
        if (added.isEmpty() && removed.isEmpty() && !probe) {
            nextVersion--;
            unsent = false;
            return Optional.empty();
        }
        probe = false;
        Set<String> result = new LinkedHashSet<>(acked);
        removed.forEach(result::remove);
        result.addAll(added);
        return send(new Outstanding(version, result, now,
                new SyncMessage.Delta(self, epoch, ackedVersion, version, LinkSet.digest(result), added, removed)));
    }

    private Optional<SyncMessage> send(Outstanding message) {
        outstanding = message;
        return Optional.of(message.message());
    }

    /** @return true when the ack moved the parent's known state (so more may be sent at once) */
    boolean onAck(SyncMessage.Ack ack) {
        if (!fromParent(ack) || outstanding == null || ack.version() != outstanding.version()) {
            return false;
        }
        acked = outstanding.result();
        ackedVersion = outstanding.version();
        outstanding = null;
        // A change larger than one message has more to send: compare again.
        unsent = true;
        return true;
    }

    /** @return true when the parent asked for the full set */
    boolean onResync(SyncMessage.Resync resync) {
        if (!fromParent(resync)) {
            return false;
        }
        reset();
        return true;
    }

    private boolean fromParent(SyncMessage message) {
        return parent != null && parent.address().equals(message.sender()) && message.epoch() == epoch;
    }

    /** Whether the parent holds exactly the current set (for tests and status). */
    boolean inStep() {
        return current != null && acked != null && outstanding == null && acked.equals(current);
    }
}
