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
        HttpAccessOptions options = HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.REQUEST_TIMEOUT, 2000L,
                HttpAccessOptions.MAX_REQUEST_BYTES, 10, HttpAccessOptions.MAX_EVENT_STREAMS, 0,
                HttpAccessOptions.MAX_STREAM_RESOURCES, 3, HttpAccessOptions.PAGE_ENABLED, false));
        assertEquals(new HttpAccessOptions(2000, 10, 0, 3, false), options);
        assertFalse(options.pageEnabled());
    }

    @Test
    void aBadValueIsRefusedNamingTheField() {
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.REQUEST_TIMEOUT, 5L)));
        assertTrue(refused.getMessage().startsWith(HttpAccessOptions.REQUEST_TIMEOUT), refused.getMessage());
        assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.MAX_STREAM_RESOURCES, 0)));
        assertThrows(InvalidPropertyException.class,
                () -> HttpAccessOptions.fromProperties(Map.of(HttpAccessOptions.MAX_REQUEST_BYTES, "lots")));
    }
}
