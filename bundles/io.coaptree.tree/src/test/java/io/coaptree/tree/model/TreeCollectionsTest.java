package io.coaptree.tree.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class TreeCollectionsTest {

    private static final NodePath A = NodePath.domain("A");
    private static final NodePath AG1 = NodePath.group("A", "g1");

    private static TreeMember up(NodePath path, String name) {
        return new TreeMember(NodeAddress.of(path, name), 1, "", Liveness.UP, 0);
    }

    @Test
    void replicaPromotionAndReparenting() {
        TreeCollections tree = new TreeCollections();
        tree.put(up(NodePath.root(), "r"));
        tree.put(up(A, "dA2"));
        tree.put(up(A, "dA1"));
        tree.put(up(AG1, "n1"));
        tree.reattach();
        assertEquals("dA1", tree.liveReplica(A).orElseThrow().name());
        assertEquals(Set.of(AG1), tree.attachedChildren(A));

        // The used replica fails: the other one takes over, nothing moves.
        tree.put(tree.member("dA1").orElseThrow().withLiveness(Liveness.DOWN));
        assertEquals(List.of(), tree.reattach());
        assertEquals("dA2", tree.liveReplica(A).orElseThrow().name());

        // The whole domain fails: its group hangs under the root.
        tree.put(tree.member("dA2").orElseThrow().withLiveness(Liveness.DOWN));
        List<TreeChange> moved = tree.reattach();
        assertEquals(List.of(new TreeChange(TreeChange.Kind.REATTACHED, AG1, null, A, NodePath.root())), moved);
        assertTrue(tree.attachedChildren(NodePath.root()).contains(AG1));

        // It returns: the tree heals.
        tree.put(tree.member("dA2").orElseThrow().withLiveness(Liveness.UP));
        assertEquals(List.of(new TreeChange(TreeChange.Kind.REATTACHED, AG1, null, NodePath.root(), A)),
                tree.reattach());
        assertEquals(A, tree.attachedTo(AG1).orElseThrow());
    }

    @Test
    void copiesAreIndependent() {
        TreeCollections tree = new TreeCollections();
        tree.put(up(NodePath.root(), "r"));
        TreeCollections copy = tree.copy();
        tree.remove("r");
        assertEquals(1, copy.size());
        assertEquals(0, tree.size());
    }
}
