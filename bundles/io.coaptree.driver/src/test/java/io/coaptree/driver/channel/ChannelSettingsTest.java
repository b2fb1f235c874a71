package io.coaptree.driver.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

/** A channel's columns are read with their defaults, and a bad value is refused naming its column. */
class ChannelSettingsTest {

    private static Map<String, Object> config(Object... pairs) {
        Map<String, Object> config = new HashMap<>();
        config.put("+name", "t");
        config.put("+value.type", "double");
        for (int i = 0; i < pairs.length; i += 2) {
            config.put((String) pairs[i], pairs[i + 1]);
        }
        return config;
    }

    @Test
    void readsEveryColumnWithDefaults() {
        ChannelSettings local = ChannelSettings.from(config("coap.resource", " /sensors/temperature "), null);
        assertEquals(new ChannelSettings("t", ValueType.DOUBLE, new ResourceRef("/sensors/temperature", ""),
                ContentFormat.TEXT, "", WriteMethod.PUT, ListenMode.OBSERVE, 1_000), local);
        ChannelSettings tree = ChannelSettings.from(config("coap.resource", "/tree/B/2/gB2/switch?dc=urgent",
                "coap.content.format", "senml-cbor", "coap.write.method", "post", "coap.listen.mode", "poll",
                "coap.poll.interval.ms", 250L), ValueType.BOOLEAN);
        assertEquals(ValueType.BOOLEAN, tree.valueType(), "the record's type wins over +value.type");
        assertEquals("/tree/B/2/gB2/switch?dc=urgent", tree.resource().path());
        assertEquals(ContentFormat.SENML_CBOR, tree.format());
        assertEquals(WriteMethod.POST, tree.writeMethod());
        assertEquals(250, tree.pollIntervalMillis());
        ResourceRef lookup = ChannelSettings.from(config("coap.resource", "lookup:rt=temperature&ep=gB2"), null)
                .resource();
        assertTrue(lookup.isLookup());
        assertEquals("rt=temperature&ep=gB2", lookup.lookupCriteria());
    }

    @Test
    void refusesBadValuesNamingTheColumn() {
        assertRefused("coap.resource", config());
        assertRefused("coap.resource", config("coap.resource", "temperature"));
        assertRefused("coap.resource", config("coap.resource", "/a//b"));
        assertRefused("coap.resource", config("coap.resource", "/a/../b"));
        assertRefused("coap.resource", config("coap.resource", "/tree/B/2/gB2"));
        assertRefused("coap.resource", config("coap.resource", "lookup:"));
        assertRefused("coap.resource", config("coap.resource", "/a b"));
        assertRefused("coap.content.format", config("coap.resource", "/t", "coap.content.format", "xml"));
        assertRefused("coap.write.method", config("coap.resource", "/t", "coap.write.method", "delete"));
        assertRefused("coap.listen.mode", config("coap.resource", "/t", "coap.listen.mode", "push"));
        assertRefused("coap.poll.interval.ms", config("coap.resource", "/t", "coap.poll.interval.ms", "10"));
        Map<String, Object> badType = config("coap.resource", "/t");
        badType.put("+value.type", "DECIMAL");
        assertRefused("+value.type", badType);
    }

    private static void assertRefused(String field, Map<String, Object> config) {
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                () -> ChannelSettings.from(config, null));
        assertEquals(field, refused.field(), refused.getMessage());
    }
}
