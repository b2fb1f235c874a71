package io.coaptree.telemetry.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;
import io.coaptree.tree.bus.DeliveryClass;

/** Reading the uplink's options; defaults, ranges and the metatype are held together by SettingsAgreementTest. */
class TelemetryOptionsTest {

    @Test
    void noLookupCriteriaObserveNothing() {
        assertNull(TelemetryOptions.defaults().lookup());
    }

    @Test
    void lookupCriteriaAreReadAsAnRdLookup() {
        TelemetryOptions o = TelemetryOptions.fromProperties(Map.of(TelemetryOptions.LOOKUP.id(),
                " rt=temperature&ep=dev* ", TelemetryOptions.DESTINATION.id(), "cloud",
                TelemetryOptions.DELIVERY_CLASS.id(), "urgent"));
        assertEquals(2, o.lookup().filters().size());
        assertEquals(Destination.CLOUD, o.destination());
        assertEquals(DeliveryClass.URGENT, o.deliveryClass());
        assertEquals("rt=temperature&ep=dev*", o.lookupCriteria());
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

    @Test
    void optionsBuiltInCodeAreHeldToTheSameRules() {
        TelemetryOptions d = TelemetryOptions.defaults();
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> new TelemetryOptions(true, d.destination(), d.lookupCriteria(), d.resourcePath(), d.topic(),
                        d.qos(), DeliveryClass.CONTROL, d.recordMaxBytes(), d.queueCapacity(), d.maxRelations(),
                        d.lookupIntervalMillis(), d.feedRecords()));
        assertEquals(TelemetryOptions.DELIVERY_CLASS.id(), e.field());
        e = assertThrows(InvalidPropertyException.class,
                () -> new TelemetryOptions(true, d.destination(), d.lookupCriteria(), d.resourcePath(), d.topic(),
                        d.qos(), d.deliveryClass(), d.recordMaxBytes(), 0, d.maxRelations(),
                        d.lookupIntervalMillis(), d.feedRecords()));
        assertEquals(TelemetryOptions.QUEUE_CAPACITY.id(), e.field());
    }

    private static void assertField(Setting<?> setting, Object value) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> TelemetryOptions.fromProperties(Map.of(setting.id(), value)), setting + "=" + value);
        assertEquals(setting.id(), e.field(), e.getMessage());
    }
}
