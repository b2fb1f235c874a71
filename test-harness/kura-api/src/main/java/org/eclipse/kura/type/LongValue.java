package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#LONG} value. */
@ProviderType
public class LongValue implements TypedValue<Long> {

    private final long value;

    public LongValue(final long value) {
        this.value = value;
    }

    @Override
    public int compareTo(final TypedValue<Long> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Long.compare(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && this.value == ((LongValue) obj).value;
    }

    @Override
    public DataType getType() {
        return DataType.LONG;
    }

    @Override
    public Long getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Long.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "LongValue [value=" + this.value + "]";
    }
}
