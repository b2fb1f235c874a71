package io.coaptree.driver.codec;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.authlete.cbor.CBORDecoder;
import com.authlete.cbor.CBORItem;
import com.authlete.cbor.CBORizer;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;

import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.channel.ContentFormat;

/**
 * A channel's value to and from the payload of its resource, in the channel's content format. Decoding yields the
 * Java value of the channel's type ({@code Boolean}, {@code byte[]}, {@code Double}, {@code Integer}, {@code Long},
 * {@code Float}, {@code String}); a payload that does not hold one is an {@link UndecodableException} saying why.
 */
public final class ValueCodec {

    private static final Gson GSON = new Gson();

    private ValueCodec() {
    }

    /**
     * @param payload the response's payload
     * @param contentFormat the response's Content-Format number, or -1 if it had none (then the channel's is assumed)
     * @param channel the channel
     * @return the value, of the channel's type
     * @throws UndecodableException if the payload is in another format or holds no such value
     */
    public static Object decode(byte[] payload, int contentFormat, ChannelSettings channel)
            throws UndecodableException {
        ContentFormat format = channel.format();
        if (contentFormat >= 0 && contentFormat != format.number()) {
            throw new UndecodableException("the resource answered Content-Format " + contentFormat
                    + ", the channel expects " + format.mediaType() + " (" + format.number() + ")");
        }
        byte[] bytes = payload == null ? new byte[0] : payload;
        String name = channel.valueName();
        return switch (format) {
            case TEXT -> JavaValues.fromText(new String(bytes, StandardCharsets.UTF_8), channel.valueType());
            case JSON -> JavaValues.fromObject(member(fromJson(json(bytes)), name), channel.valueType());
            case CBOR -> JavaValues.fromObject(member(cbor(bytes), name), channel.valueType());
            case SENML_JSON -> JavaValues.fromObject(SenmlRecords.valueOf(fromJson(json(bytes)), name, false),
                    channel.valueType());
            case SENML_CBOR -> JavaValues.fromObject(SenmlRecords.valueOf(cbor(bytes), name, true),
                    channel.valueType());
        };
    }

    /**
     * @param value the Java value of the channel's type (as {@link #decode} yields)
     * @param channel the channel
     * @return the payload of a write in the channel's format
     */
    public static byte[] encode(Object value, ChannelSettings channel) {
        String name = channel.valueName();
        switch (channel.format()) {
            case TEXT:
                return value instanceof byte[] bytes ? bytes : String.valueOf(value).getBytes(StandardCharsets.UTF_8);
            case JSON: {
                JsonElement element = toJson(value);
                if (!name.isEmpty()) {
                    JsonObject object = new JsonObject();
                    object.add(name, element);
                    element = object;
                }
                return GSON.toJson(element).getBytes(StandardCharsets.UTF_8);
            }
            case CBOR:
                return new CBORizer().cborize(name.isEmpty() ? value : Map.of(name, value)).encode();
            case SENML_JSON: {
                JsonObject record = new JsonObject();
                if (!name.isEmpty()) {
                    record.addProperty("n", name);
                }
                record.add(senmlValueLabel(value), value instanceof byte[] bytes
                        ? new JsonPrimitive(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes))
                        : toJson(value));
                JsonArray pack = new JsonArray();
                pack.add(record);
                return GSON.toJson(pack).getBytes(StandardCharsets.UTF_8);
            }
            case SENML_CBOR: {
                Map<Object, Object> record = new LinkedHashMap<>();
                if (!name.isEmpty()) {
                    record.put(SenmlRecords.cborLabel("n"), name);
                }
                record.put(SenmlRecords.cborLabel(senmlValueLabel(value)), value);
                return new CBORizer().cborize(List.of(record)).encode();
            }
            default:
                throw new IllegalStateException(channel.format().name());
        }
    }

    private static String senmlValueLabel(Object value) {
        if (value instanceof Boolean) {
            return "vb";
        }
        if (value instanceof String) {
            return "vs";
        }
        return value instanceof byte[] ? "vd" : "v";
    }

    private static JsonElement toJson(Object value) {
        if (value instanceof Boolean b) {
            return new JsonPrimitive(b);
        }
        if (value instanceof Number n) {
            return new JsonPrimitive(n);
        }
        if (value instanceof byte[] bytes) {
            return new JsonPrimitive(Base64.getEncoder().encodeToString(bytes));
        }
        return new JsonPrimitive(String.valueOf(value));
    }

    private static Object member(Object decoded, String name) throws UndecodableException {
        if (name.isEmpty()) {
            return decoded;
        }
        if (!(decoded instanceof Map<?, ?> map)) {
            throw new UndecodableException("the value is not an object/map with a member '" + name + "'");
        }
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (name.equals(String.valueOf(entry.getKey()))) {
                return entry.getValue();
            }
        }
        throw new UndecodableException("the object/map has no member '" + JavaValues.abbreviate(name) + "'");
    }

    private static JsonElement json(byte[] bytes) throws UndecodableException {
        try {
            return JsonParser.parseString(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonParseException e) {
            throw new UndecodableException("the payload is not JSON: " + e.getMessage(), e);
        }
    }

    /** JSON as plain Java: maps, lists, Strings, Booleans, Longs for integral numbers, Doubles otherwise. */
    private static Object fromJson(JsonElement element) {
        if (element == null || element.isJsonNull()) {
            return null;
        }
        if (element.isJsonObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            element.getAsJsonObject().entrySet().forEach(e -> map.put(e.getKey(), fromJson(e.getValue())));
            return map;
        }
        if (element.isJsonArray()) {
            List<Object> list = new ArrayList<>();
            element.getAsJsonArray().forEach(e -> list.add(fromJson(e)));
            return list;
        }
        JsonPrimitive primitive = element.getAsJsonPrimitive();
        if (primitive.isBoolean()) {
            return primitive.getAsBoolean();
        }
        if (primitive.isNumber()) {
            BigDecimal number = primitive.getAsBigDecimal();
            try {
                return number.longValueExact();
            } catch (ArithmeticException notIntegral) {
                return number.doubleValue();
            }
        }
        return primitive.getAsString();
    }

    private static Object cbor(byte[] bytes) throws UndecodableException {
        try {
            CBORItem item = new CBORDecoder(bytes).next();
            if (item == null) {
                throw new UndecodableException("the payload is empty, not CBOR");
            }
            return item.parse();
        } catch (IOException | RuntimeException e) {
            throw new UndecodableException("the payload is not CBOR: " + e.getMessage(), e);
        }
    }
}
