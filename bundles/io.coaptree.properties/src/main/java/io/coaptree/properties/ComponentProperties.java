package io.coaptree.properties;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Reads typed values from a component's configuration properties, as Kura's ConfigurationService and ConfigAdmin
 * deliver them. Kura hands an Integer AD over as an Integer, but snapshots, tests and older configurations may
 * carry a Long or text, so each reader accepts every form that means the same value, and refuses anything else with
 * {@link InvalidPropertyException}, naming the property:
 * <ul>
 * <li>a missing property (and, for numbers and booleans, a blank text) takes the given default;</li>
 * <li>numbers: Integer, Long, Short, Byte, a Float or Double with a whole value, or text (anything whose trimmed
 * {@code toString()} is a decimal integer, such as a String);</li>
 * <li>booleans: Boolean, or the text {@code true} / {@code false} in any case;</li>
 * <li>enums: the constant's name in lower case with {@code -} for {@code _}, in any case;</li>
 * <li>texts: a String as it is, another single value as its {@code toString()}.</li>
 * </ul>
 * Arrays and collections are refused where one value is expected. Defaults are range-checked like delivered values.
 */
public final class ComponentProperties {

    private final Map<String, ?> properties;
    private ComponentProperties(Map<String, ?> properties) {
        this.properties = properties;
    }

    /**
     * @param properties as the component received them; {@code null} reads as empty
     * @return a reader that refuses with {@link InvalidPropertyException}
     */
    public static ComponentProperties of(Map<String, ?> properties) {
        return new ComponentProperties(properties == null ? Map.of() : properties);
    }

    /** @return the text as delivered (not trimmed), {@code fallback} if the property is missing */
    public String string(String name, String fallback) {
        Object value = single(name);
        return value == null ? fallback : value.toString();
    }

    /** @return the boolean, {@code fallback} if the property is missing or blank */
    public boolean bool(String name, boolean fallback) {
        Object value = single(name);
        if (value instanceof Boolean b) {
            return b;
        }
        String text = text(value);
        if (text == null) {
            return fallback;
        }
        if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(text);
        }
        throw new InvalidPropertyException(name, "'" + value + "' is not true or false");
    }

    /** @return any 32-bit integer, {@code fallback} if the property is missing or blank */
    public int integer(String name, int fallback) {
        long value = number(name, fallback, "");
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new InvalidPropertyException(name, value + " is not a 32-bit integer");
        }
        return (int) value;
    }

    /** @return an integer within {@code min..max}, {@code fallback} if the property is missing or blank */
    public int integer(String name, int fallback, int min, int max) {
        return (int) longValue(name, fallback, min, max);
    }

    /** @return any 64-bit integer, {@code fallback} if the property is missing or blank */
    public long longValue(String name, long fallback) {
        return number(name, fallback, "");
    }

    /** @return an integer within {@code min..max}, {@code fallback} if the property is missing or blank */
    public long longValue(String name, long fallback, long min, long max) {
        long value = number(name, fallback, " in " + min + ".." + max);
        if (value < min || value > max) {
            throw new InvalidPropertyException(name, value + " is outside " + min + ".." + max);
        }
        return value;
    }

    /**
     * @param fallback the constant for a missing property; also gives the enum type
     * @return the constant whose setting ({@link #settingOf(Enum)}) matches the trimmed text in any case
     */
    public <E extends Enum<E>> E enumValue(String name, E fallback) {
        Object value = single(name);
        if (value == null) {
            return fallback;
        }
        String text = value.toString().trim();
        List<String> settings = new ArrayList<>();
        for (E constant : fallback.getDeclaringClass().getEnumConstants()) {
            if (settingOf(constant).equalsIgnoreCase(text)) {
                return constant;
            }
            settings.add(settingOf(constant));
        }
        throw new InvalidPropertyException(name, "'" + value + "' is not one of " + String.join(", ", settings));
    }

    /** @return how a setting writes {@code constant}: {@code KURA_KEYSTORE} is {@code kura-keystore} */
    public static String settingOf(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * A Password property as stored: Kura delivers it encrypted (a String, a char[] or a Password object whose
     * {@code toString()} is the ciphertext); the component decrypts it.
     *
     * @return a new array the caller may wipe, empty if the property is missing
     */
    public char[] password(String name) {
        Object value = properties.get(name);
        if (value == null) {
            return new char[0];
        }
        return value instanceof char[] chars ? chars.clone() : value.toString().toCharArray();
    }

    private long number(String name, long fallback, String accepted) {
        Object value = single(name);
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            // 2^63 itself is not a long; a fraction would be silently cut
            if (d == Math.rint(d) && Math.abs(d) < 0x1p63) {
                return (long) d;
            }
            throw new InvalidPropertyException(name, "'" + value + "' is not an integer" + accepted);
        }
        String text = text(value);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new InvalidPropertyException(name, "'" + value + "' is not an integer" + accepted);
        }
    }

    /** @return the value, null if missing; refuses several values where the setting takes one */
    private Object single(String name) {
        Object value = properties.get(name);
        if (value instanceof Collection) {
            throw new InvalidPropertyException(name, "expected a single value, got a collection");
        }
        if (value != null && value.getClass().isArray()) {
            throw new InvalidPropertyException(name, "expected a single value, got " + value.getClass().getSimpleName());
        }
        return value;
    }

    /** @return the trimmed text, null if missing or blank */
    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        String text = value.toString().trim();
        return text.isEmpty() ? null : text;
    }
}
