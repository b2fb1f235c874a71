package io.coaptree.tree.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NodePathTest {

    @Test
    void levelsDomainAndGroupMustAgree() {
        assertEquals(NodePath.root(), NodePath.of(0, "", null));
        assertEquals(NodePath.domain("A"), NodePath.of(1, "A", ""));
        assertEquals(NodePath.group("A", "g1"), NodePath.of(2, "A", "g1"));
        assertEquals("domain", assertThrows(InvalidNodeException.class, () -> NodePath.of(0, "A", "")).field());
        assertEquals("group", assertThrows(InvalidNodeException.class, () -> NodePath.of(1, "A", "g1")).field());
        assertEquals("group", assertThrows(InvalidNodeException.class, () -> NodePath.of(2, "A", "")).field());
        assertEquals("domain", assertThrows(InvalidNodeException.class, () -> NodePath.of(2, "", "g1")).field());
        assertEquals("level", assertThrows(InvalidNodeException.class, () -> NodePath.of(3, "A", "g1")).field());
    }

    @Test
    void namesAreSafeInTopicsAndUris() {
        for (String bad : new String[] { "-", "a/b", "+", "#", "a b", ".", "..", "é", "x".repeat(64) }) {
            assertThrows(InvalidNodeException.class, () -> NodePath.domain(bad), bad);
        }
        assertEquals("name", assertThrows(InvalidNodeException.class,
                () -> NodeAddress.of(NodePath.root(), "a+b")).field());
        NodePath.domain("building-7.floor_2");
    }

    @Test
    void textFormsReadBack() {
        NodeAddress n = NodeAddress.of(NodePath.group("A", "g1"), "n3");
        assertEquals("A/g1/n3", n.text());
        assertEquals(n, NodeAddress.parse("A/g1/n3"));
        assertEquals("-/-/r1", NodeAddress.of(NodePath.root(), "r1").text());
        assertEquals(NodeAddress.of(NodePath.domain("A"), "dA"), NodeAddress.parse("A/-/dA"));
        assertEquals(NodePath.group("A", "g1"), NodePath.parse("/A/g1"));
        assertEquals(NodePath.root(), NodePath.parse(""));
        assertThrows(InvalidNodeException.class, () -> NodeAddress.parse("-/g1/x"));
    }

    @Test
    void containment() {
        NodePath a = NodePath.domain("A");
        NodePath ag1 = NodePath.group("A", "g1");
        assertTrue(NodePath.root().contains(ag1));
        assertTrue(a.contains(ag1));
        assertFalse(ag1.contains(a));
        assertFalse(a.contains(NodePath.group("B", "g1")));
        assertEquals(a, ag1.parent().orElseThrow());
        assertEquals(NodePath.root(), a.parent().orElseThrow());
        assertTrue(NodePath.root().parent().isEmpty());
    }
}
