package io.coaptree.server.options;

import java.util.Map;

/**
 * Reads typed values from component properties as Kura delivers them (numbers may be any integral type or a decimal
 * String, booleans a Boolean or a String); a value of the wrong type is refused naming its property.
 */
public final class PropertyValues {

    private PropertyValues() {
    }

    public static boolean readBoolean(Map<String, ?> p, String field, boolean fallback) {
        Object value = p.get(field);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        String text = value.toString().trim();
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new InvalidOptionException(field, "'" + value + "' is not true or false");
    }

    public static String readString(Map<String, ?> p, String field, String fallback) {
        Object value = p.get(field);
        return value == null ? fallback : value.toString();
    }

    public static int readInt(Map<String, ?> p, String field, int fallback) {
        Object value = p.get(field);
        if (value == null) {
            return fallback;
        }
        long number;
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            number = ((Number) value).longValue();
        } else {
            String text = value.toString().trim();
            try {
                number = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new InvalidOptionException(field, "'" + value + "' is not an integer");
            }
        }
        if (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) {
            throw new InvalidOptionException(field, number + " is not a 32-bit integer");
        }
        return (int) number;
    }
}
