package io.coaptree.tree.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import com.google.common.collect.MultimapBuilder;
import com.google.common.collect.SetMultimap;

/**
 * The tree as one gateway knows it (CTHCollections in docs/design.md): a map from node path to the replicas serving
 * it, a name index, and the parent-to-children associations of the effective tree in a Guava multimap, so that
 * "who is attached here" and "substitute a failed parent" are both map operations.
 * <p>
 * Not thread-safe: one owner mutates it ({@link io.coaptree.tree.protocol.MembershipProtocol}, under its lock) and
 * hands out {@link #copy() copies} as immutable views.
 */
public final class TreeCollections implements TreeView {

    private final Map<String, TreeMember> membersByName;
    private final Map<NodePath, SortedSet<String>> replicasByPath;
    private final SetMultimap<NodePath, NodePath> childrenByParent;
    private final Map<NodePath, NodePath> parentByChild;

    public TreeCollections() {
        this.membersByName = new HashMap<>();
        this.replicasByPath = new TreeMap<>();
        this.childrenByParent = MultimapBuilder.treeKeys().treeSetValues().build();
        this.parentByChild = new HashMap<>();
    }

    private TreeCollections(TreeCollections source) {
        this.membersByName = new HashMap<>(source.membersByName);
        this.replicasByPath = new TreeMap<>();
        source.replicasByPath.forEach((path, names) -> replicasByPath.put(path, new TreeSet<>(names)));
        this.childrenByParent = MultimapBuilder.treeKeys().treeSetValues().build(source.childrenByParent);
        this.parentByChild = new HashMap<>(source.parentByChild);
    }

    /** An independent copy; the handler publishes copies it never touches again. */
    public TreeCollections copy() {
        return new TreeCollections(this);
    }

    public int size() {
        return membersByName.size();
    }

    /**
     * Adds a member or replaces the one with the same name (a restart, or a liveness or heartbeat update).
     * Call {@link #reattach()} after liveness or membership changes.
     */
    public void put(TreeMember member) {
        TreeMember previous = membersByName.put(member.name(), member);
        if (previous != null && !previous.path().equals(member.path())) {
            dropReplica(previous);
        }
        replicasByPath.computeIfAbsent(member.path(), p -> new TreeSet<>()).add(member.name());
    }

    /** Removes a member; returns it if it was known. Call {@link #reattach()} afterwards. */
    public Optional<TreeMember> remove(String name) {
        TreeMember previous = membersByName.remove(name);
        if (previous != null) {
            dropReplica(previous);
        }
        return Optional.ofNullable(previous);
    }

    private void dropReplica(TreeMember member) {
        SortedSet<String> names = replicasByPath.get(member.path());
        if (names != null) {
            names.remove(member.name());
            if (names.isEmpty()) {
                replicasByPath.remove(member.path());
            }
        }
    }

    /**
     * Recomputes the effective tree: every known path hangs under its nearest live ancestor (the configured
     * parent when it is live, otherwise a replica-less gap is skipped upwards). Paths whose ancestors are all
     * down hang nowhere. Returns what moved, so children can be told to re-attach.
     */
    public List<TreeChange> reattach() {
        Map<NodePath, NodePath> next = new HashMap<>();
        for (NodePath path : replicasByPath.keySet()) {
            nearestLiveAncestor(path).ifPresent(parent -> next.put(path, parent));
        }
        // Paths that only appear as a configured parent (a group joined before its domain) are not members of
        // the multimap: they have no replica to attach anything to.
        List<TreeChange> changes = new ArrayList<>();
        Set<NodePath> all = new TreeSet<>(parentByChild.keySet());
        all.addAll(next.keySet());
        for (NodePath child : all) {
            NodePath before = parentByChild.get(child);
            NodePath after = next.get(child);
            if (before != null && before.equals(after) || before == null && after == null) {
                continue;
            }
            if (before != null) {
                childrenByParent.remove(before, child);
                parentByChild.remove(child);
            }
            if (after != null) {
                childrenByParent.put(after, child);
                parentByChild.put(child, after);
            }
            if (before != null || !after.equals(child.parent().orElse(null))) {
                changes.add(new TreeChange(TreeChange.Kind.REATTACHED, child, null, before, after));
            }
        }
        return changes;
    }

    private Optional<NodePath> nearestLiveAncestor(NodePath path) {
        Optional<NodePath> candidate = path.parent();
        while (candidate.isPresent() && !isLive(candidate.get())) {
            candidate = candidate.get().parent();
        }
        return candidate;
    }

    @Override
    public Collection<TreeMember> members() {
        return Collections.unmodifiableCollection(membersByName.values());
    }

    @Override
    public Optional<TreeMember> member(String name) {
        return Optional.ofNullable(membersByName.get(name));
    }

    @Override
    public Set<NodePath> paths() {
        return Collections.unmodifiableSet(replicasByPath.keySet());
    }

    @Override
    public List<TreeMember> replicas(NodePath path) {
        SortedSet<String> names = replicasByPath.get(path);
        if (names == null) {
            return List.of();
        }
        List<TreeMember> result = new ArrayList<>(names.size());
        for (String name : names) {
            result.add(membersByName.get(name));
        }
        return result;
    }

    @Override
    public Optional<TreeMember> liveReplica(NodePath path) {
        SortedSet<String> names = replicasByPath.get(path);
        if (names != null) {
            for (String name : names) {
                TreeMember member = membersByName.get(name);
                if (member.isUp()) {
                    return Optional.of(member);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A path this view holds hangs where {@link #reattach()} put it; a path it does not hold (a gateway outside this
     * gateway's neighbourhood) would hang under its nearest live ancestor that this view knows of.
     */
    @Override
    public Optional<NodePath> attachedTo(NodePath path) {
        NodePath parent = parentByChild.get(path);
        if (parent != null || replicasByPath.containsKey(path)) {
            return Optional.ofNullable(parent);
        }
        return nearestLiveAncestor(path);
    }

    @Override
    public Set<NodePath> attachedChildren(NodePath path) {
        return Collections.unmodifiableSet(childrenByParent.get(path));
    }

    @Override
    public String toString() {
        return "TreeCollections" + replicasByPath;
    }
}
