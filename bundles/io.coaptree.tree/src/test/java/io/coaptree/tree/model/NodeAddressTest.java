package io.coaptree.tree.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class NodeAddressTest {

    @Test
    void theTextFormHasFixedDepthAndIsMadeOnce() {
        NodeAddress group = NodeAddress.parse("A/1/gA1");
        assertEquals("A/1/gA1", group.text());
        assertEquals("-/-/top", NodeAddress.of(NodePath.root(), "top").text());
        assertEquals("A/-/dA", NodeAddress.parse("A/-/dA").text());
        assertSame(group.text(), group.text(), "no new string per call on the message path");
        assertEquals(group, NodeAddress.parse(group.text()));
    }
}
