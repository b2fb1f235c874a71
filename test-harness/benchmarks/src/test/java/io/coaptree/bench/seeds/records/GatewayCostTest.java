package io.coaptree.bench.seeds.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

/** What a step's cost is read from: the tree target's counters before and after it. */
class GatewayCostTest {

    private static GatewayCost.Reading reading(Map<String, String> values) {
        Properties p = new Properties();
        p.putAll(values);
        return new GatewayCost.Reading(p);
    }

    @Test
    void theCostIsWhatTheStepAddedPerRecord() {
        GatewayCost cost = GatewayCost.between(
                reading(Map.of("publishes.gB1 telemetry", "10", "cpu.gB1.ns", "1000000", "cpu.top.ns", "500000")),
                reading(Map.of("publishes.gB1 telemetry", "60", "cpu.gB1.ns", "3000000", "cpu.top.ns", "1500000")),
                "gB1", "top", 100);
        assertEquals(0.5, cost.publishesPerRecord());
        assertEquals(20.0, cost.namedThreadsMicrosPerRecord());
        assertEquals(10.0, cost.rootMicrosPerRecord());
    }

    @Test
    void aStepDuringWhichTheEmbeddedBrokerDroppedMessagesIsNotAMeasurement() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> GatewayCost.between(
                reading(Map.of("broker.faults", "0")), reading(Map.of("broker.faults", "1")), "gB1", "top", 100));
        assertTrue(refused.getMessage().contains("saw 1 fault(s)"), refused.getMessage());
    }
}
