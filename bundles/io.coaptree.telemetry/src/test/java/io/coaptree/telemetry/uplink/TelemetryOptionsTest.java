package io.coaptree.telemetry.uplink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.bus.DeliveryClass;

class TelemetryOptionsTest {

    @Test
    void defaultsAreOffTowardsTheRootNormalQos1() {
        TelemetryOptions o = TelemetryOptions.fromProperties(Map.of());
        assertFalse(o.enabled());
        assertEquals(Destination.ROOT, o.destination());
        assertEquals(DeliveryClass.NORMAL, o.deliveryClass());
        assertEquals(1, o.qos());
        assertEquals("telemetry", o.resourcePath());
        assertNull(o.lookup());
        assertEquals(1024, o.recordMaxBytes());
    }

    @Test
    void lookupCriteriaAreReadAsAnRdLookup() {
        TelemetryOptions o = TelemetryOptions.fromProperties(Map.of(TelemetryOptions.LOOKUP, "rt=temperature&ep=dev*",
                TelemetryOptions.DESTINATION, "cloud", TelemetryOptions.DELIVERY_CLASS, "urgent"));
        assertEquals(2, o.lookup().filters().size());
        assertEquals(Destination.CLOUD, o.destination());
        assertEquals(DeliveryClass.URGENT, o.deliveryClass());
    }

    @Test
    void badValuesAreRefusedNamingTheField() {
        assertField(TelemetryOptions.DELIVERY_CLASS, "control");
        assertField(TelemetryOptions.DESTINATION, "moon");
        assertField(TelemetryOptions.QOS, 3);
        assertField(TelemetryOptions.LOOKUP, "rt=temperature&&ep=x");
        assertField(TelemetryOptions.LOOKUP, "page=1&count=2");
        assertField(TelemetryOptions.RESOURCE, "a//b");
        assertField(TelemetryOptions.TOPIC, "");
        assertField(TelemetryOptions.RECORD_MAX_BYTES, 0);
        assertField(TelemetryOptions.LOOKUP_INTERVAL, 10L);
    }

    private static void assertField(String field, Object value) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> TelemetryOptions.fromProperties(Map.of(field, value)), field + "=" + value);
        assertEquals(field, e.field(), e.getMessage());
    }
}
