package io.coaptree.properties;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

class ComponentPropertiesTest {

    private static ComponentProperties with(String name, Object value) {
        Map<String, Object> p = new HashMap<>();
        p.put(name, value);
        return ComponentProperties.of(p);
    }

    private static void assertRefused(String message, Consumer<ComponentProperties> read, Object value) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class, () -> read.accept(with("x.y", value)));
        assertEquals("x.y", e.field());
        assertEquals("x.y: " + message, e.getMessage());
    }

    @Test
    void missingPropertiesTakeTheDefault() {
        ComponentProperties p = ComponentProperties.of(Map.of());
        assertEquals("d", p.string("a", "d"));
        assertTrue(p.bool("a", true));
        assertEquals(7, p.integer("a", 7));
        assertEquals(7, p.integer("a", 7, 1, 10));
        assertEquals(1L << 40, p.longValue("a", 1L << 40));
        assertEquals(9L, p.longValue("a", 9, 1, 10));
        assertEquals(TimeUnit.SECONDS, p.enumValue("a", TimeUnit.SECONDS));
        assertEquals(0, p.password("a").length);
        assertEquals("d", ComponentProperties.of(null).string("a", "d"), "null properties read as empty");
    }

    @Test
    void aDefaultOutsideTheRangeIsRefusedToo() {
        assertRefused("0 is outside 1..10", p -> p.integer("x.y", 0, 1, 10), null);
    }

    @Test
    void stringsAreReturnedAsDeliveredAndOtherSingleValuesAsText() {
        assertEquals(" a b ", with("s", " a b ").string("s", "d"));
        assertEquals("", with("s", "").string("s", "d"), "an empty text is a value, not a missing property");
        assertEquals("42", with("s", 42).string("s", "d"));
        assertEquals("true", with("s", true).string("s", "d"));
        assertRefused("expected a single value, got String[]", p -> p.string("x.y", "d"), new String[] { "a" });
        assertRefused("expected a single value, got a collection", p -> p.string("x.y", "d"), List.of("a", "b"));
    }

    @Test
    void integersArriveAsAnyIntegralTypeOrAsText() {
        assertEquals(5, with("n", 5).integer("n", 0));
        assertEquals(5, with("n", 5L).integer("n", 0));
        assertEquals(5, with("n", (short) 5).integer("n", 0));
        assertEquals(5, with("n", (byte) 5).integer("n", 0));
        assertEquals(5, with("n", " 5 ").integer("n", 0));
        assertEquals(-5, with("n", "-5").integer("n", 0));
        assertEquals(5, with("n", '5').integer("n", 0), "any value whose text is a number");
        assertEquals(5, with("n", BigInteger.valueOf(5)).integer("n", 0));
        assertEquals(5, with("n", 5.0d).integer("n", 0), "a whole Double");
        assertEquals(5, with("n", 5.0f).integer("n", 0), "a whole Float");
        assertEquals(1L << 40, with("n", 1L << 40).longValue("n", 0));
        assertEquals(1L << 40, with("n", Long.toString(1L << 40)).longValue("n", 0));
    }

    @Test
    void aBlankNumberTakesTheDefault() {
        assertEquals(7, with("n", "").integer("n", 7));
        assertEquals(7, with("n", "  ").integer("n", 7, 1, 10));
        assertEquals(7L, with("n", " ").longValue("n", 7));
    }

    @Test
    void whatIsNotAnIntegerIsRefused() {
        assertRefused("'eighty' is not an integer", p -> p.integer("x.y", 0), "eighty");
        assertRefused("'soon' is not an integer in 1..300", p -> p.integer("x.y", 10, 1, 300), "soon");
        assertRefused("'2.5' is not an integer", p -> p.longValue("x.y", 0), 2.5d);
        assertRefused("'NaN' is not an integer", p -> p.longValue("x.y", 0), Double.NaN);
        assertRefused("'1.0E19' is not an integer in 0..10", p -> p.longValue("x.y", 0, 0, 10), 1e19);
        assertRefused("'true' is not an integer", p -> p.integer("x.y", 0), true);
        assertRefused("'99999999999999999999' is not an integer", p -> p.longValue("x.y", 0),
                "99999999999999999999");
        assertRefused("expected a single value, got int[]", p -> p.integer("x.y", 0), new int[] { 1 });
    }

    @Test
    void integersOutsideTheirRangeAreRefusedWithTheRange() {
        assertRefused("70000 is outside 0..65535", p -> p.integer("x.y", 0, 0, 65535), 70000);
        assertRefused("-1 is outside 0..65535", p -> p.integer("x.y", 0, 0, 65535), "-1");
        assertRefused("4294967296 is outside 0..65535", p -> p.integer("x.y", 0, 0, 65535), 1L << 32);
        assertRefused("4294967296 is not a 32-bit integer", p -> p.integer("x.y", 0), 1L << 32);
        assertRefused("0 is outside 1..86400", p -> p.longValue("x.y", 5, 1, 86_400), 0L);
        assertEquals(65535, with("n", 65535L).integer("n", 0, 0, 65535), "the bounds are included");
        assertEquals(0, with("n", "0").integer("n", 1, 0, 65535));
    }

    @Test
    void booleansArriveAsBooleanOrText() {
        assertTrue(with("b", true).bool("b", false));
        assertFalse(with("b", Boolean.FALSE).bool("b", true));
        assertTrue(with("b", "TRUE").bool("b", false));
        assertFalse(with("b", " false ").bool("b", true));
        assertTrue(with("b", "").bool("b", true), "a blank text takes the default");
        assertRefused("'yes' is not true or false", p -> p.bool("x.y", false), "yes");
        assertRefused("'1' is not true or false", p -> p.bool("x.y", false), 1);
        assertRefused("expected a single value, got boolean[]", p -> p.bool("x.y", false), new boolean[] { true });
    }

    enum Source {
        NONE, FILES, KURA_KEYSTORE
    }

    @Test
    void enumsAreReadByTheirSettingInAnyCase() {
        assertEquals(Source.KURA_KEYSTORE, with("e", "kura-keystore").enumValue("e", Source.NONE));
        assertEquals(Source.FILES, with("e", " Files ").enumValue("e", Source.NONE));
        assertEquals("kura-keystore", ComponentProperties.settingOf(Source.KURA_KEYSTORE));
        assertRefused("'kura_keystore' is not one of none, files, kura-keystore", p -> p.enumValue("x.y", Source.NONE),
                "kura_keystore");
        assertRefused("'' is not one of none, files, kura-keystore", p -> p.enumValue("x.y", Source.NONE), "");
    }

    @Test
    void passwordsAreReadAsStoredInANewArray() {
        assertArrayEquals("c1pher".toCharArray(), with("p", "c1pher").password("p"));
        char[] stored = "c1pher".toCharArray();
        char[] read = with("p", stored).password("p");
        assertArrayEquals(stored, read);
        assertNotSame(stored, read, "the caller may wipe what it got");
        Object kuraPassword = new Object() {
            @Override
            public String toString() {
                return "c1pher";
            }
        };
        assertArrayEquals("c1pher".toCharArray(), with("p", kuraPassword).password("p"));
    }
}
