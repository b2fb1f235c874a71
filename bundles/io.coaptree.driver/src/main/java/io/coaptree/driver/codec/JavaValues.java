package io.coaptree.driver.codec;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;

import io.coaptree.driver.channel.ValueType;

/**
 * Converts what a representation held (a text, a number, a boolean, bytes) to the Java value of a channel's type:
 * {@code Boolean}, {@code byte[]}, {@code Double}, {@code Integer}, {@code Long}, {@code Float} or {@code String}.
 * Numbers must fit the type exactly (21.5 is no INTEGER); switches' words on/off count as booleans.
 */
final class JavaValues {

    private JavaValues() {
    }

    static Object fromText(String raw, ValueType type) throws UndecodableException {
        String text = raw.trim();
        try {
            return switch (type) {
                case STRING -> raw;
                case BYTE_ARRAY -> raw.getBytes(StandardCharsets.UTF_8);
                case BOOLEAN -> parseBoolean(text);
                case INTEGER -> Integer.valueOf(text);
                case LONG -> Long.valueOf(text);
                case FLOAT -> finite(Float.valueOf(text), text);
                case DOUBLE -> finite(Double.valueOf(text), text);
            };
        } catch (NumberFormatException e) {
            throw new UndecodableException("'" + abbreviate(text) + "' is not " + article(type), e);
        }
    }

    static Object fromObject(Object value, ValueType type) throws UndecodableException {
        if (value == null) {
            throw new UndecodableException("the value is null, not " + article(type));
        }
        if (value instanceof String text) {
            return type == ValueType.BYTE_ARRAY ? text.getBytes(StandardCharsets.UTF_8) : fromText(text, type);
        }
        if (value instanceof byte[] bytes) {
            if (type == ValueType.BYTE_ARRAY) {
                return bytes;
            }
            if (type == ValueType.STRING) {
                return Base64.getEncoder().encodeToString(bytes);
            }
            throw new UndecodableException("a byte string is not " + article(type));
        }
        if (value instanceof Boolean b) {
            if (type == ValueType.BOOLEAN) {
                return b;
            }
            if (type == ValueType.STRING) {
                return b.toString();
            }
            throw new UndecodableException("a boolean is not " + article(type));
        }
        if (value instanceof Number number) {
            return fromNumber(number, type);
        }
        throw new UndecodableException("a " + value.getClass().getSimpleName().toLowerCase(Locale.ROOT)
                + " (structured value) is not " + article(type) + ": name the member in coap.value.name");
    }

    private static Object fromNumber(Number number, ValueType type) throws UndecodableException {
        double d = number.doubleValue();
        switch (type) {
            case DOUBLE:
                return finite(d, number.toString());
            case FLOAT:
                return finite((float) d, number.toString());
            case STRING:
                return number.toString();
            case INTEGER:
            case LONG:
                boolean integral = !(number instanceof Double || number instanceof Float) || d == Math.rint(d);
                long whole = (number instanceof Double || number instanceof Float) ? (long) d : number.longValue();
                if (!integral || type == ValueType.INTEGER && (whole < Integer.MIN_VALUE || whole > Integer.MAX_VALUE)) {
                    throw new UndecodableException(number + " is not " + article(type));
                }
                if (type == ValueType.INTEGER) {
                    return Integer.valueOf((int) whole); // not in a ?: with a Long, which would widen it
                }
                return Long.valueOf(whole);
            case BOOLEAN:
                if (d == 0 || d == 1) {
                    return d == 1;
                }
                throw new UndecodableException(number + " is not a boolean");
            default:
                throw new UndecodableException("a number is not " + article(type));
        }
    }

    private static Boolean parseBoolean(String text) throws UndecodableException {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "true": case "on": case "1":
                return Boolean.TRUE;
            case "false": case "off": case "0":
                return Boolean.FALSE;
            default:
                throw new UndecodableException("'" + abbreviate(text) + "' is not a boolean (true/false, on/off, 1/0)");
        }
    }

    private static <N extends Number> N finite(N value, String text) throws UndecodableException {
        if (Double.isNaN(value.doubleValue()) || Double.isInfinite(value.doubleValue())) {
            throw new UndecodableException("'" + abbreviate(text) + "' is not a finite number");
        }
        return value;
    }

    static String article(ValueType type) {
        return switch (type) {
            case INTEGER -> "an INTEGER";
            default -> "a " + type.name();
        };
    }

    static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
