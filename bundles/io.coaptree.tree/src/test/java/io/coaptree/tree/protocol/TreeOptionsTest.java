package io.coaptree.tree.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.options.InvalidOptionException;
import io.coaptree.tree.options.TreeOptions;

class TreeOptionsTest {

    @Test
    void readsAKuraConfiguration() {
        TreeOptions o = TreeOptions.fromProperties(Map.of("tree.level", 2, "tree.domain", "A", "tree.group", "g1",
                "tree.node.name", "n3", "tree.heartbeat.interval.ms", "1000", "tree.failure.timeout.ms", 3000L));
        assertEquals(NodeAddress.parse("A/g1/n3"), o.self());
        assertEquals(1000, o.heartbeatIntervalMillis());
        assertEquals(10_000, o.reattachDeadlineMillis());
    }

    @Test
    void badValuesNameTheirProperty() {
        assertEquals("tree.group", assertThrows(InvalidOptionException.class, () -> TreeOptions.fromProperties(
                Map.of("tree.level", 1, "tree.domain", "A", "tree.group", "g1", "tree.node.name", "n"))).field());
        assertEquals("tree.node.name", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0))).field());
        assertEquals("tree.level", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.node.name", "n"))).field());
        assertEquals("tree.heartbeat.interval.ms", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0, "tree.node.name", "r",
                        "tree.heartbeat.interval.ms", "often"))).field());
        NodeAddress root = NodeAddress.parse("-/-/r");
        assertEquals("tree.reattach.deadline.ms", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.builder(root).failureTimeoutMillis(9_800).build()).field());
        assertEquals("tree.failure.timeout.ms", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.builder(root).failureTimeoutMillis(3_000).build()).field());
        assertEquals("tree.topic.prefix", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.builder(root).topicPrefix("a/#").build()).field());
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        NodeAddress root = NodeAddress.parse("-/-/r");
        assertEquals("tree.failure.timeout.ms: 3000 is outside 4000..86400000 (at least two heartbeat intervals)",
                assertThrows(InvalidOptionException.class,
                        () -> TreeOptions.builder(root).failureTimeoutMillis(3_000).build()).getMessage());
        assertEquals("tree.heartbeat.interval.ms: 'often' is not an integer",
                assertThrows(InvalidOptionException.class, () -> TreeOptions.fromProperties(Map.of("tree.level", 0,
                        "tree.node.name", "r", "tree.heartbeat.interval.ms", "often"))).getMessage());
        assertEquals("tree.max.members: 0 is outside 1..100000", assertThrows(InvalidOptionException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0, "tree.node.name", "r", "tree.max.members",
                        "0"))).getMessage());
    }
}
