package io.coaptree.tree.protocol;

import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;

/**
 * What a heartbeat of another gateway does to this gateway's view: it adds a new member, keeps a known one up (up
 * again after it was marked down), or replaces a restarted one (a new incarnation, once the old one is down or its
 * will arrived). Two heartbeats change nothing and are reported as dropped, because each arrives every heartbeat
 * interval for as long as its cause lasts and a WARN line each would flood the log: one of a new gateway while the
 * view is full ({@code tree.max.members}), and one of another incarnation of a name a live member holds (a
 * duplicate, or a restart before the old incarnation is known to be down). Not thread-safe: the protocol calls it
 * under its lock.
 */
final class MemberHeartbeats {

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    /** A heartbeat that changed nothing, and why. */
    record Ignored(DropReason reason, String detail) {
    }

    private final TreeCollections tree;
    private final FailureDetector failures;
    private final int maxMembers;

    MemberHeartbeats(TreeCollections tree, FailureDetector failures, int maxMembers) {
        this.tree = tree;
        this.failures = failures;
        this.maxMembers = maxMembers;
    }

    /** Applies a heartbeat of another gateway than this one; the changes it makes are added to {@code changes}. */
    Optional<Ignored> apply(TreeMessage.Heartbeat m, long now, List<TreeChange> changes) {
        String name = m.node().name();
        Optional<TreeMember> known = tree.member(name);
        TreeMember fresh = new TreeMember(m.node(), m.incarnation(), m.coapEndpoint(), m.broker(), Liveness.UP, now);
        if (known.isEmpty()) {
            if (tree.size() >= maxMembers) {
                return Optional.of(new Ignored(DropReason.TREE_FULL,
                        "the view already holds tree.max.members=" + maxMembers + " gateways"));
            }
            tree.put(fresh);
            changes.add(TreeChange.of(TreeChange.Kind.JOINED, fresh));
        } else if (known.get().incarnation() == m.incarnation()) {
            tree.put(known.get().seenAt(now).withLiveness(Liveness.UP));
            if (!known.get().isUp()) {
                changes.add(TreeChange.of(TreeChange.Kind.UP, fresh));
                LOG.info("{} is up again", m.node());
            }
        } else if (!known.get().isUp() || failures.willPending(name)) {
            tree.put(fresh);
            failures.forget(name);
            changes.add(TreeChange.of(TreeChange.Kind.JOINED, fresh));
        } else {
            return Optional.of(new Ignored(DropReason.NAME_HELD,
                    "the name is held by the live " + known.get().address().text()));
        }
        return Optional.empty();
    }
}
