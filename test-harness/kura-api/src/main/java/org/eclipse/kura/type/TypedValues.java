package org.eclipse.kura.type;

import java.util.Base64;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/** Factories of {@link TypedValue}s. */
@ProviderType
public final class TypedValues {

    private TypedValues() {
    }

    public static BooleanValue newBooleanValue(final boolean value) {
        return new BooleanValue(value);
    }

    public static ByteArrayValue newByteArrayValue(final byte[] value) {
        return new ByteArrayValue(value);
    }

    public static FloatValue newFloatValue(final float value) {
        return new FloatValue(value);
    }

    public static DoubleValue newDoubleValue(final double value) {
        return new DoubleValue(value);
    }

    public static IntegerValue newIntegerValue(final int value) {
        return new IntegerValue(value);
    }

    public static LongValue newLongValue(final long value) {
        return new LongValue(value);
    }

    public static StringValue newStringValue(final String value) {
        return new StringValue(value);
    }

    /**
     * @param value a Boolean, byte[], Float, Double, Integer, Long or String
     * @throws IllegalArgumentException for anything else
     */
    public static TypedValue<?> newTypedValue(final Object value) {
        if (value instanceof Boolean b) {
            return newBooleanValue(b);
        } else if (value instanceof byte[] bytes) {
            return newByteArrayValue(bytes);
        } else if (value instanceof Float f) {
            return newFloatValue(f);
        } else if (value instanceof Double d) {
            return newDoubleValue(d);
        } else if (value instanceof Integer i) {
            return newIntegerValue(i);
        } else if (value instanceof Long l) {
            return newLongValue(l);
        } else if (value instanceof String s) {
            return newStringValue(s);
        }
        throw new IllegalArgumentException("Cannot convert to TypedValue");
    }

    /**
     * Parses text as Kura does: booleans by {@code Boolean.parseBoolean}, byte arrays as Base64, numbers by their
     * Java parsers.
     *
     * @throws IllegalArgumentException if the text does not parse as {@code type}
     */
    public static TypedValue<?> parseTypedValue(final DataType type, final String value) {
        Objects.requireNonNull(value, "value cannot be null");
        try {
            switch (type) {
                case BOOLEAN: return newBooleanValue(Boolean.parseBoolean(value));
                case BYTE_ARRAY: return newByteArrayValue(Base64.getDecoder().decode(value));
                case DOUBLE: return newDoubleValue(Double.parseDouble(value));
                case FLOAT: return newFloatValue(Float.parseFloat(value));
                case INTEGER: return newIntegerValue(Integer.parseInt(value));
                case LONG: return newLongValue(Long.parseLong(value));
                case STRING: return newStringValue(value);
                default: break;
            }
        } catch (RuntimeException e) {
            // reported below, as Kura does
        }
        throw new IllegalArgumentException(value + " cannot be converted into a TypedValue of type " + type);
    }
}
