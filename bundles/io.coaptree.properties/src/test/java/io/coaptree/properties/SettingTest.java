package io.coaptree.properties;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SettingTest {

    enum Mode {
        OPEN, KURA_KEYSTORE
    }

    private static final Setting<Integer> PORT = Setting.integer("coap.port", 5683).range(0, 65535).named("Port");

    @Test
    void aMissingPropertyTakesTheDefaultAndADeliveredOneIsRead() {
        assertEquals(5683, PORT.from(Map.of()));
        assertEquals(5684, PORT.from(Map.of("coap.port", 5684)));
        assertEquals(5684, PORT.from(Map.of("coap.port", "5684")), "text as snapshots carry it");
    }

    @Test
    void aValueOutsideTheRangeIsRefusedNamingTheSetting() {
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                () -> PORT.from(Map.of("coap.port", 70_000)));
        assertEquals("coap.port", refused.field());
        assertEquals("coap.port: 70000 is outside 0..65535", refused.getMessage());
        assertThrows(InvalidPropertyException.class, () -> PORT.check(-1), "values built in code are checked too");
    }

    @Test
    void aDefinitionWhoseDefaultItRefusesCannotBeMade() {
        assertThrows(IllegalArgumentException.class, () -> Setting.integer("x", 5).range(10, 20));
        assertThrows(IllegalArgumentException.class, () -> Setting.text("x", "a").range(1, 2), "texts have no range");
        assertThrows(IllegalArgumentException.class, () -> Setting.integer("x", 5).labelled("1", "one"));
    }

    @Test
    void offeredValuesAreTheOnlyOnesAccepted() {
        Setting<Integer> block = Setting.integer("limits.block.size", 512).labelled("256", "256", "512", "512");
        assertEquals(256, block.from(Map.of("limits.block.size", 256)));
        assertEquals("limits.block.size", assertThrows(InvalidPropertyException.class,
                () -> block.from(Map.of("limits.block.size", 300))).field());
    }

    @Test
    void aChoiceOffersEveryConstantAsStoredAndReadsThem() {
        Setting<Mode> mode = Setting.choice("mode", Mode.OPEN).labelled("open", "Anyone", "kura-keystore", "Kura");
        assertEquals(List.of(new Setting.Choice("open", "Anyone"), new Setting.Choice("kura-keystore", "Kura")),
                mode.choices());
        assertEquals(Mode.KURA_KEYSTORE, mode.from(Map.of("mode", "Kura-Keystore")));
        assertEquals("open", mode.defaultText());
        assertThrows(InvalidPropertyException.class, () -> mode.from(Map.of("mode", "closed")));
        assertThrows(IllegalArgumentException.class, () -> Setting.choice("mode", Mode.OPEN).labelled("x", "y"));
    }

    @Test
    void aPasswordIsReadAsDeliveredAndHasAnEmptyDefault() {
        Setting<char[]> secret = Setting.password("tree.security.secret");
        assertArrayEquals("cipher".toCharArray(), secret.from(Map.of("tree.security.secret", "cipher")));
        assertEquals(0, secret.from(Map.of()).length);
        assertEquals("", secret.defaultText());
        assertEquals(false, secret.required());
    }

    @Test
    void componentSettingsRefuseAnIdDefinedTwice() {
        assertThrows(IllegalArgumentException.class,
                () -> ComponentSettings.of("pid", "name", "", List.of(PORT, Setting.text("coap.port", ""))));
        assertEquals(Map.of("coap.port", "5683"),
                ComponentSettings.of("pid", "name", "", List.of(PORT)).defaultTexts());
    }
}
