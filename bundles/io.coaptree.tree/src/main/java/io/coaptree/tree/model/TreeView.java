package io.coaptree.tree.model;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.List;

/**
 * Read access to the tree as one gateway sees it. The views a
 * {@link io.coaptree.tree.protocol.TreeHandler} hands out are immutable snapshots, safe to use from any thread.
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

    /** The replica requests for this path go to: the live one with the smallest name. */
    Optional<TreeMember> liveReplica(NodePath path);

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
