package io.coaptree.tree.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.options.TreeOptions;

class TreeOptionsTest {

    @Test
    void readsAKuraConfiguration() {
        TreeOptions o = TreeOptions.fromProperties(Map.of("tree.level", 2, "tree.domain", "A", "tree.group", "g1",
                "tree.node.name", "n3", "tree.heartbeat.interval.ms", "1000", "tree.failure.timeout.ms", 3000L));
        assertEquals(NodeAddress.parse("A/g1/n3"), o.self());
        assertEquals(1000, o.heartbeatIntervalMillis());
        assertEquals(10_000, o.reattachDeadlineMillis());
        assertEquals(10_000, o.refusalWarnIntervalMillis(), "the default rate of refusal warnings");
    }

    @Test
    void aRefusalWarningIntervalBelowASecondIsRefusedNamingTheField() {
        Map<String, Object> root = Map.of("tree.level", 0, "tree.node.name", "r");
        assertEquals(60_000, TreeOptions.fromProperties(withInterval(root, 60_000L)).refusalWarnIntervalMillis());
        assertEquals(TreeOptions.REFUSAL_WARN_INTERVAL, assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(withInterval(root, 10L))).field());
    }

    private static Map<String, Object> withInterval(Map<String, Object> properties, long millis) {
        Map<String, Object> copy = new HashMap<>(properties);
        copy.put(TreeOptions.REFUSAL_WARN_INTERVAL, millis);
        return copy;
    }

    @Test
    void badValuesNameTheirProperty() {
        assertEquals("tree.group", assertThrows(InvalidPropertyException.class, () -> TreeOptions.fromProperties(
                Map.of("tree.level", 1, "tree.domain", "A", "tree.group", "g1", "tree.node.name", "n"))).field());
        assertEquals("tree.node.name", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0))).field());
        assertEquals("tree.level", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.node.name", "n"))).field());
        assertEquals("tree.heartbeat.interval.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0, "tree.node.name", "r",
                        "tree.heartbeat.interval.ms", "often"))).field());
        NodeAddress root = NodeAddress.parse("-/-/r");
        assertEquals("tree.reattach.deadline.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.builder(root).failureTimeoutMillis(9_800).build()).field());
        assertEquals("tree.failure.timeout.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.builder(root).failureTimeoutMillis(3_000).build()).field());
        assertEquals("tree.topic.prefix", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.builder(root).topicPrefix("a/#").build()).field());
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        NodeAddress root = NodeAddress.parse("-/-/r");
        assertEquals("tree.failure.timeout.ms: 3000 is outside 4000..86400000 (at least two heartbeat intervals)",
                assertThrows(InvalidPropertyException.class,
                        () -> TreeOptions.builder(root).failureTimeoutMillis(3_000).build()).getMessage());
        assertEquals("tree.heartbeat.interval.ms: 'often' is not an integer",
                assertThrows(InvalidPropertyException.class, () -> TreeOptions.fromProperties(Map.of("tree.level", 0,
                        "tree.node.name", "r", "tree.heartbeat.interval.ms", "often"))).getMessage());
        assertEquals("tree.max.members: 0 is outside 1..100000", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0, "tree.node.name", "r", "tree.max.members",
                        "0"))).getMessage());
    }
}
