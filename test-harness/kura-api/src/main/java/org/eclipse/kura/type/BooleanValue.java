package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#BOOLEAN} value. */
@ProviderType
public class BooleanValue implements TypedValue<Boolean> {

    private final boolean value;

    public BooleanValue(final boolean value) {
        this.value = value;
    }

    @Override
    public int compareTo(final TypedValue<Boolean> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Boolean.compare(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && this.value == ((BooleanValue) obj).value;
    }

    @Override
    public DataType getType() {
        return DataType.BOOLEAN;
    }

    @Override
    public Boolean getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Boolean.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "BooleanValue [value=" + this.value + "]";
    }
}
