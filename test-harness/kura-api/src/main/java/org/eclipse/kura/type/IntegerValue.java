package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#INTEGER} value. */
@ProviderType
public class IntegerValue implements TypedValue<Integer> {

    private final int value;

    public IntegerValue(final int value) {
        this.value = value;
    }

    @Override
    public int compareTo(final TypedValue<Integer> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Integer.compare(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && this.value == ((IntegerValue) obj).value;
    }

    @Override
    public DataType getType() {
        return DataType.INTEGER;
    }

    @Override
    public Integer getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Integer.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "IntegerValue [value=" + this.value + "]";
    }
}
