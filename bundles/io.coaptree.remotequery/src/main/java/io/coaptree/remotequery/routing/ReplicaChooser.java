package io.coaptree.remotequery.routing;

import java.util.List;

import io.coaptree.tree.model.TreeMember;

/** Picks one of the live replicas of a path (never empty, ordered by name) for a request any of them can serve. */
@FunctionalInterface
public interface ReplicaChooser {

    /** Always the first: the replica with the smallest name (deterministic, for tests and status). */
    ReplicaChooser FIRST = replicas -> replicas.get(0);

    TreeMember choose(List<TreeMember> replicas);
}
