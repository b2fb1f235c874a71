package io.coaptree.driver.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.authlete.cbor.CBORizer;

import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.channel.ValueType;

/** Values of every type in every content format, as resources send them and as writes send them back. */
class ValueCodecTest {

    private static ChannelSettings channel(ValueType type, String format, String valueName) {
        Map<String, Object> config = new HashMap<>();
        config.put("coap.resource", "/r");
        config.put("coap.content.format", format);
        config.put("coap.value.name", valueName);
        return ChannelSettings.from(config, type);
    }

    private static Object decode(String payload, int format, ValueType type, String formatSetting, String name)
            throws UndecodableException {
        return ValueCodec.decode(payload.getBytes(StandardCharsets.UTF_8), format, channel(type, formatSetting, name));
    }

    @Test
    void textValuesOfEveryType() throws Exception {
        assertEquals(21.5, decode(" 21.5\n", 0, ValueType.DOUBLE, "text", ""));
        assertEquals(21.5f, decode("21.5", -1, ValueType.FLOAT, "text", ""));
        assertEquals(7, decode("7", 0, ValueType.INTEGER, "text", ""));
        assertEquals(7_000_000_000L, decode("7000000000", 0, ValueType.LONG, "text", ""));
        assertEquals(true, decode("on", 0, ValueType.BOOLEAN, "text", ""));
        assertEquals(false, decode("0", 0, ValueType.BOOLEAN, "text", ""));
        assertEquals(" raw ", decode(" raw ", 0, ValueType.STRING, "text", ""));
        assertArrayEquals(new byte[] { 'a', 'b' }, (byte[]) decode("ab", 0, ValueType.BYTE_ARRAY, "text", ""));
    }

    @Test
    void undecodablePayloadsSayWhy() {
        assertMessage("'7000000000' is not an INTEGER", () -> decode("7000000000", 0, ValueType.INTEGER, "text", ""));
        assertMessage("'maybe' is not a boolean", () -> decode("maybe", 0, ValueType.BOOLEAN, "text", ""));
        assertMessage("'NaN' is not a finite number", () -> decode("NaN", 0, ValueType.DOUBLE, "text", ""));
        assertMessage("21.5 is not an INTEGER", () -> decode("21.5", 50, ValueType.INTEGER, "json", ""));
        assertMessage("the payload is not JSON", () -> decode("{", 50, ValueType.INTEGER, "json", ""));
        assertMessage("has no member 'h'", () -> decode("{\"t\":1}", 50, ValueType.INTEGER, "json", "h"));
        assertMessage("name the member in coap.value.name", () -> decode("{\"t\":1}", 50, ValueType.INTEGER, "json", ""));
        assertMessage("Content-Format 0, the channel expects application/json",
                () -> decode("1", 0, ValueType.INTEGER, "json", ""));
        assertMessage("no record named 'x'", () -> decode("[{\"n\":\"t\",\"v\":1}]", 110, ValueType.DOUBLE,
                "senml-json", "x"));
        assertMessage("the payload is not CBOR", () -> ValueCodec.decode(new byte[] { (byte) 0x1c }, 60,
                channel(ValueType.INTEGER, "cbor", "")));
    }

    @Test
    void jsonAndCborValuesAndMembers() throws Exception {
        assertEquals(48L, decode("{\"h\":48}", 50, ValueType.LONG, "json", "h"));
        assertEquals("48", decode("{\"h\":48}", 50, ValueType.STRING, "json", "h"));
        assertEquals(true, decode("true", 50, ValueType.BOOLEAN, "json", ""));
        byte[] cbor = new CBORizer().cborize(Map.of("t", 19.75, "on", true)).encode();
        assertEquals(19.75, ValueCodec.decode(cbor, 60, channel(ValueType.DOUBLE, "cbor", "t")));
        assertEquals(true, ValueCodec.decode(cbor, 60, channel(ValueType.BOOLEAN, "cbor", "on")));
    }

    @Test
    void senmlPacksResolveBaseNamesAndValues() throws Exception {
        String pack = "[{\"bn\":\"urn:dev:ow:10e2073a01080063:\",\"bv\":20,\"n\":\"temp\",\"v\":1.5},"
                + "{\"n\":\"label\",\"vs\":\"kitchen\"},{\"n\":\"open\",\"vb\":false},{\"n\":\"raw\",\"vd\":\"AQI\"}]";
        assertEquals(21.5, decode(pack, 110, ValueType.DOUBLE, "senml-json", ""));
        assertEquals(21.5, decode(pack, 110, ValueType.DOUBLE, "senml-json", "urn:dev:ow:10e2073a01080063:temp"));
        assertEquals("kitchen", decode(pack, 110, ValueType.STRING, "senml-json", "urn:dev:ow:10e2073a01080063:label"));
        assertEquals(false, decode(pack, 110, ValueType.BOOLEAN, "senml-json", "urn:dev:ow:10e2073a01080063:open"));
        assertArrayEquals(new byte[] { 1, 2 },
                (byte[]) decode(pack, 110, ValueType.BYTE_ARRAY, "senml-json", "urn:dev:ow:10e2073a01080063:raw"));
        // RFC 8428 table 4: bn = -2, n = 0, v = 2
        Map<Object, Object> record = new HashMap<>();
        record.put(-2, "dev:");
        record.put(0, "t");
        record.put(2, 4.25);
        byte[] cbor = new CBORizer().cborize(java.util.List.of(record)).encode();
        assertEquals(4.25, ValueCodec.decode(cbor, 112, channel(ValueType.DOUBLE, "senml-cbor", "dev:t")));
    }

    @Test
    void writesEncodeWhatReadsDecode() throws Exception {
        Object[][] cases = { { ValueType.DOUBLE, 21.5 }, { ValueType.INTEGER, 7 }, { ValueType.LONG, 9L },
                { ValueType.BOOLEAN, true }, { ValueType.STRING, "on" }, { ValueType.FLOAT, 1.25f } };
        int[] numbers = { 0, 50, 60, 110, 112 };
        String[] formats = { "text", "json", "cbor", "senml-json", "senml-cbor" };
        for (int f = 0; f < formats.length; f++) {
            for (Object[] c : cases) {
                ValueType type = (ValueType) c[0];
                String name = formats[f].equals("text") ? "" : "x";
                ChannelSettings channel = channel(type, formats[f], name);
                byte[] encoded = ValueCodec.encode(c[1], channel);
                assertEquals(c[1], ValueCodec.decode(encoded, numbers[f], channel), formats[f] + " " + type);
            }
        }
        assertEquals("{\"x\":true}", new String(ValueCodec.encode(true, channel(ValueType.BOOLEAN, "json", "x")),
                StandardCharsets.UTF_8));
        assertEquals("[{\"n\":\"x\",\"v\":21.5}]", new String(ValueCodec.encode(21.5,
                channel(ValueType.DOUBLE, "senml-json", "x")), StandardCharsets.UTF_8));
    }

    private interface Decoding {
        Object run() throws UndecodableException;
    }

    private static void assertMessage(String part, Decoding decoding) {
        UndecodableException e = assertThrows(UndecodableException.class, decoding::run);
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
