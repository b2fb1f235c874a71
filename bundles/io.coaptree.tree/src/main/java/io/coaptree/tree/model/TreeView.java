package io.coaptree.tree.model;

import java.util.Collection;
import java.util.Optional;
import java.util.List;
import java.util.Set;

/**
 * Read access to the tree as one gateway sees it. The views a
 * {@link io.coaptree.tree.protocol.MembershipProtocol} hands out are immutable snapshots, safe to use from any thread.
 * <p>
 * "Attached" means the effective tree: a path hangs under its nearest ancestor that has a live replica, so when
 * a domain fails its groups hang under the root until it returns.
 */
public interface TreeView {

    Collection<TreeMember> members();

    Optional<TreeMember> member(String name);

    /** The member with this name, if it is at this path. */
    default Optional<TreeMember> member(NodeAddress address) {
        return member(address.name()).filter(m -> m.path().equals(address.path()));
    }

    /** Every path that has at least one member, up or down. */
    Set<NodePath> paths();

    /** The gateways serving a path, ordered by name. */
    List<TreeMember> replicas(NodePath path);

    /**
     * The first live replica of this path (the one with the smallest name). Replicas are peers: this is only a
     * stable pick where any one will do, e.g. for status; requests are spread over {@link #liveReplicas}.
     */
    Optional<TreeMember> liveReplica(NodePath path);

    /** The live gateways serving a path, ordered by name. */
    default List<TreeMember> liveReplicas(NodePath path) {
        return replicas(path).stream().filter(TreeMember::isUp).toList();
    }

    /**
     * The live replica of its parent path that the gateway {@code child} is attached to, empty at the root or when
     * cut off. Each child is assigned by rendezvous hashing of its name with the replicas' names: every gateway
     * computes the same answer from the same view, the children spread evenly over the replicas, and when a
     * replica fails or returns only the children assigned to it move.
     */
    default Optional<TreeMember> parentReplica(NodeAddress child) {
        Optional<NodePath> parent = attachedTo(child.path());
        if (parent.isEmpty()) {
            return Optional.empty();
        }
        TreeMember best = null;
        long bestScore = 0;
        for (TreeMember replica : liveReplicas(parent.get())) {
            long score = RendezvousHash.score(child.text(), replica.name());
            if (best == null || score > bestScore) {
                best = replica;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best);
    }

    default boolean isLive(NodePath path) {
        return liveReplica(path).isPresent();
    }

    /** The nearest live ancestor of a path; empty for the root or when no ancestor is live. */
    Optional<NodePath> attachedTo(NodePath path);

    /** The known paths currently attached to this one (up or down). */
    Set<NodePath> attachedChildren(NodePath path);

    default PathInfo lookup(NodePath path) {
        return new PathInfo(path, replicas(path), liveReplica(path), attachedTo(path), attachedChildren(path));
    }
}
