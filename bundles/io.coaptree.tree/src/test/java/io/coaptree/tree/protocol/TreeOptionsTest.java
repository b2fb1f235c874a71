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

    private static final Map<String, Object> ROOT = Map.of("tree.level", 0, "tree.node.name", "r");

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
    void theAddressPropertiesReadAsThatAddress() {
        for (String address : new String[] { "-/-/r", "A/-/dA", "A/g1/n3" }) {
            NodeAddress self = NodeAddress.parse(address);
            assertEquals(self, TreeOptions.fromProperties(TreeOptions.addressProperties(self)).self());
        }
    }

    @Test
    void aRefusalWarningIntervalBelowASecondIsRefusedNamingTheField() {
        assertEquals(60_000, TreeOptions.fromProperties(rootWith(TreeOptions.REFUSAL_WARN_INTERVAL.id(), 60_000L))
                .refusalWarnIntervalMillis());
        assertEquals(TreeOptions.REFUSAL_WARN_INTERVAL.id(), assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith(TreeOptions.REFUSAL_WARN_INTERVAL.id(), 10L))).field());
    }

    private static Map<String, Object> rootWith(String id, Object value) {
        Map<String, Object> copy = new HashMap<>(ROOT);
        copy.put(id, value);
        return copy;
    }

    @Test
    void badValuesNameTheirProperty() {
        assertEquals("tree.group", assertThrows(InvalidPropertyException.class, () -> TreeOptions.fromProperties(
                Map.of("tree.level", 1, "tree.domain", "A", "tree.group", "g1", "tree.node.name", "n"))).field());
        assertEquals("tree.node.name", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.level", 0))).field());
        assertEquals("tree.domain", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(Map.of("tree.node.name", "n"))).field(),
                "the default level is a group's, which needs a domain");
        assertEquals("tree.level", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.level", 3))).field());
        assertEquals("tree.heartbeat.interval.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.heartbeat.interval.ms", "often"))).field());
        assertEquals("tree.reattach.deadline.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.failure.timeout.ms", 9_800L))).field());
        assertEquals("tree.failure.timeout.ms", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.failure.timeout.ms", 3_000L))).field());
        assertEquals("tree.topic.prefix", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.topic.prefix", "a/#"))).field());
    }

    @Test
    void optionsBuiltInCodeAreHeldToTheSameRules() {
        TreeOptions o = TreeOptions.fromProperties(ROOT);
        assertEquals("tree.reattach.deadline.ms", assertThrows(InvalidPropertyException.class,
                () -> new TreeOptions(o.self(), o.coapEndpoint(), o.brokerName(), o.topicPrefix(),
                        o.heartbeatIntervalMillis(), 9_800, o.reattachDeadlineMillis(), o.tickIntervalMillis(),
                        o.joinWindowMillis(), o.forgetAfterMillis(), o.maxMembers(), o.maxMessageBytes(),
                        o.refusalWarnIntervalMillis())).field());
        assertEquals("tree.max.members", assertThrows(InvalidPropertyException.class,
                () -> new TreeOptions(o.self(), o.coapEndpoint(), o.brokerName(), o.topicPrefix(),
                        o.heartbeatIntervalMillis(), o.failureTimeoutMillis(), o.reattachDeadlineMillis(),
                        o.tickIntervalMillis(), o.joinWindowMillis(), o.forgetAfterMillis(), 0, o.maxMessageBytes(),
                        o.refusalWarnIntervalMillis())).field());
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        assertEquals("tree.failure.timeout.ms: 3000 is outside 4000..86400000 (at least two heartbeat intervals)",
                assertThrows(InvalidPropertyException.class,
                        () -> TreeOptions.fromProperties(rootWith("tree.failure.timeout.ms", 3_000L))).getMessage());
        assertEquals("tree.reattach.deadline.ms: 10000 is outside 10300..86400000 (at least failure timeout + tick "
                + "interval)", assertThrows(InvalidPropertyException.class,
                        () -> TreeOptions.fromProperties(rootWith("tree.failure.timeout.ms", 9_800L))).getMessage());
        assertEquals("tree.heartbeat.interval.ms: 'often' is not an integer",
                assertThrows(InvalidPropertyException.class, () -> TreeOptions.fromProperties(
                        rootWith("tree.heartbeat.interval.ms", "often"))).getMessage());
        assertEquals("tree.max.members: 0 is outside 1..100000", assertThrows(InvalidPropertyException.class,
                () -> TreeOptions.fromProperties(rootWith("tree.max.members", "0"))).getMessage());
    }
}
