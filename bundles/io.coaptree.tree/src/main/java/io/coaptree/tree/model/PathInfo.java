package io.coaptree.tree.model;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The answer to "lookup of a path": who serves it, which live replica is used, where it is attached now and
 * what is attached to it.
 */
public record PathInfo(NodePath path, List<TreeMember> replicas, Optional<TreeMember> liveReplica,
        Optional<NodePath> attachedTo, Set<NodePath> attachedChildren) {

    public PathInfo {
        replicas = List.copyOf(replicas);
        attachedChildren = Set.copyOf(attachedChildren);
    }
}
