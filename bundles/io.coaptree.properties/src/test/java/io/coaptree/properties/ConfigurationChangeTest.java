package io.coaptree.properties;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ConfigurationChangeTest {

    @Test
    void theSameValuesAgainAreNoChangeArraysIncluded() {
        assertTrue(ConfigurationChange.none(Map.of("port", 5683, "peers", new String[] { "a", "b" }),
                Map.of("port", 5683, "peers", new String[] { "a", "b" })));
    }

    @Test
    void anyDifferentAddedOrRemovedValueIsAChange() {
        Map<String, Object> running = Map.of("port", 5683, "peers", new String[] { "a" });
        assertFalse(ConfigurationChange.none(running, Map.of("port", 5684, "peers", new String[] { "a" })));
        assertFalse(ConfigurationChange.none(running, Map.of("port", 5683, "peers", new String[] { "a", "b" })));
        assertFalse(ConfigurationChange.none(running, Map.of("port", 5683)));
        assertFalse(ConfigurationChange.none(running, Map.of("port", 5683, "peers", new String[] { "a" }, "x", 1)));
        assertFalse(ConfigurationChange.none(null, running));
    }
}
