package io.coaptree.mqtt.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TopicVariablesAndSubscriptionsTest {

    private final TopicVariables variables = new TopicVariables("acme", "gw-1");

    @Test
    void replacesKnownVariablesOnly() {
        assertEquals("acme/gw-1/rd", variables.resolve("#account-name/#client-id/rd"));
        assertEquals("coaptree/acme/#", variables.resolve("coaptree/#account-name/#"));
        assertEquals("a/+/b", variables.resolve("a/+/b"));
        assertEquals("a/#unknown/b", variables.resolve("a/#unknown/b"));
        assertEquals("plain", variables.resolve("plain"));
    }

    @Test
    void registryKeepsOrderAndLatestQos() {
        SubscriptionRegistry registry = new SubscriptionRegistry();
        assertTrue(registry.isEmpty());
        registry.add("b/#", 1);
        registry.add("a/+", 0);
        registry.add("b/#", 2);
        registry.add("c", 1);
        registry.remove("c");
        Map<String, Integer> snapshot = registry.snapshot();
        assertEquals(List.of("b/#", "a/+"), List.copyOf(snapshot.keySet()));
        assertEquals(2, snapshot.get("b/#"));
        registry.remove("a/+");
        assertEquals(2, snapshot.size(), "a snapshot is a copy");
    }
}
