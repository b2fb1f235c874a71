package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#FLOAT} value. */
@ProviderType
public class FloatValue implements TypedValue<Float> {

    private final float value;

    public FloatValue(final float value) {
        this.value = value;
    }

    @Override
    public int compareTo(final TypedValue<Float> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Float.compare(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && Float.compare(this.value, ((FloatValue) obj).value) == 0;
    }

    @Override
    public DataType getType() {
        return DataType.FLOAT;
    }

    @Override
    public Float getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Float.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "FloatValue [value=" + this.value + "]";
    }
}
