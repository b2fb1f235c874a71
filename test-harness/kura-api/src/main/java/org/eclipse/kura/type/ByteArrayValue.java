package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

import org.osgi.annotation.versioning.ProviderType;

/** A {@link DataType#BYTE_ARRAY} value (the array is held as given, as in Kura). */
@ProviderType
public class ByteArrayValue implements TypedValue<byte[]> {

    private final byte[] value;

    public ByteArrayValue(final byte[] value) {
        requireNonNull(value, "Provided Typed Value cannot be null");
        this.value = value;
    }

    /** Unsigned, byte by byte, then the shorter first. */
    @Override
    public int compareTo(final TypedValue<byte[]> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Arrays.compareUnsigned(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && Arrays.equals(this.value, ((ByteArrayValue) obj).value);
    }

    @Override
    public DataType getType() {
        return DataType.BYTE_ARRAY;
    }

    @Override
    public byte[] getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Arrays.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "ByteArrayValue [value=" + Arrays.toString(this.value) + "]";
    }
}
