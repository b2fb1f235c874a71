package io.coaptree.http.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

class HttpAccessOptionsTest {

    @Test
    void absentPropertiesKeepTheDefaults() {
        assertEquals(HttpAccessOptions.defaults(), HttpAccessOptions.fromProperties(Map.of()));
        assertTrue(HttpAccessOptions.defaults().requestTimeoutMillis() > 5_000,
                "above the remote query timeout, so the tree's 5.04 reaches the caller");
    }

    @Test
    void valuesAreRead() {
        HttpAccessOptions options = HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.REQUEST_TIMEOUT.id(), 2000L,
                HttpAccessOptions.MAX_REQUEST_BYTES.id(), 10, HttpAccessOptions.MAX_EVENT_STREAMS.id(), 0,
                HttpAccessOptions.MAX_STREAM_RESOURCES.id(), 3, HttpAccessOptions.PAGE_ENABLED.id(), false));
        assertEquals(new HttpAccessOptions(2000, 10, 0, 3, false), options);
        assertFalse(options.pageEnabled());
    }

    @Test
    void aBadValueIsRefusedNamingTheField() {
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.REQUEST_TIMEOUT.id(), 5L)));
        assertTrue(refused.getMessage().startsWith(HttpAccessOptions.REQUEST_TIMEOUT.id()), refused.getMessage());
        assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.MAX_STREAM_RESOURCES.id(), 0)));
        assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.MAX_REQUEST_BYTES.id(), "lots")));
    }
}
