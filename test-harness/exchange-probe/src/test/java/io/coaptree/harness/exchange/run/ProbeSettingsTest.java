package io.coaptree.harness.exchange.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

class ProbeSettingsTest {

    @Test
    void defaultsAndTopics() {
        ProbeSettings s = ProbeSettings.from(Map.of("probe.mode", "Initiator", "probe.topic", "a/b"));
        assertEquals(ProbeSettings.Mode.INITIATOR, s.mode());
        assertEquals("a/b/requests", s.requestTopic());
        assertEquals("a/b/responses", s.responseTopic());
        assertEquals(ProbeSettings.DEFAULT_EXCHANGES, s.exchanges());
        assertEquals(ProbeSettings.DEFAULT_QOS, s.qos());
    }

    @Test
    void badValuesNameTheProperty() {
        for (Map<String, Object> bad : new Map[] { Map.of("probe.mode", "both"), Map.of("probe.topic", "a/#"),
                Map.of("probe.exchanges", 0), Map.of("probe.qos", 3), Map.of("probe.concurrency", "many") }) {
            InvalidPropertyException e = assertThrows(InvalidPropertyException.class, () -> ProbeSettings.from(bad));
            String property = bad.keySet().iterator().next();
            assertEquals(property, e.field());
            assertTrue(e.getMessage().startsWith(property + ":"), e.getMessage());
        }
        assertEquals("probe.mode: 'both' is not one of responder, initiator",
                assertThrows(InvalidPropertyException.class, () -> ProbeSettings.from(Map.of("probe.mode", "both")))
                        .getMessage());
        assertEquals("probe.concurrency: 'many' is not an integer in 1..10000", assertThrows(
                InvalidPropertyException.class, () -> ProbeSettings.from(Map.of("probe.concurrency", "many")))
                .getMessage());
    }
}
