package io.coaptree.properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RefusalTest {

    @Test
    void theStandardRefusalNamesThePropertyFirst() {
        InvalidPropertyException e = Refusal.STANDARD.of("coap.port", "70000 is outside 0..65535");
        assertSame(InvalidPropertyException.class, e.getClass());
        assertEquals("coap.port", e.field());
        assertEquals("70000 is outside 0..65535", e.problem());
        assertEquals("coap.port: 70000 is outside 0..65535", e.getMessage());
    }

    @Test
    void aCauseIsKept() {
        Exception cause = new NumberFormatException("x");
        assertSame(cause, new InvalidPropertyException("a", "b", cause).getCause());
    }

    @Test
    void rangesIncludeTheirBoundsAndReturnTheValue() {
        assertEquals(0, Refusal.STANDARD.requireRange("p", 0, 0, 10));
        assertEquals(10, Refusal.STANDARD.requireRange("p", 10, 0, 10));
        assertEquals(1L << 40, Refusal.STANDARD.requireRange("p", 1L << 40, 0, Long.MAX_VALUE));
        assertEquals(5L, Refusal.STANDARD.requireRange("p", 5L, 0, 10, "why"));
    }

    @Test
    void aValueOutsideItsRangeIsRefusedWithTheRange() {
        assertEquals("p: 11 is outside 0..10",
                assertThrows(InvalidPropertyException.class, () -> Refusal.STANDARD.requireRange("p", 11, 0, 10))
                        .getMessage());
        assertEquals("p: -1 is outside 0..10",
                assertThrows(InvalidPropertyException.class, () -> Refusal.STANDARD.requireRange("p", -1L, 0L, 10L))
                        .getMessage());
        assertEquals("tree.failure.timeout.ms: 3000 is outside 4000..86400000 (at least two heartbeat intervals)",
                assertThrows(InvalidPropertyException.class,
                        () -> Refusal.STANDARD.requireRange("tree.failure.timeout.ms", 3000, 4000, 86_400_000,
                                "at least two heartbeat intervals")).getMessage());
    }

    @Test
    void aComponentRefusesWithItsOwnType() {
        Refusal own = ComponentPropertiesTest.OwnException::new;
        assertSame(ComponentPropertiesTest.OwnException.class,
                assertThrows(InvalidPropertyException.class, () -> own.requireRange("p", 11, 0, 10)).getClass());
    }
}
