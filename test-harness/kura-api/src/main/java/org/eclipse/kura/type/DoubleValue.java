package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#DOUBLE} value. */
@ProviderType
public class DoubleValue implements TypedValue<Double> {

    private final double value;

    public DoubleValue(final double value) {
        this.value = value;
    }

    @Override
    public int compareTo(final TypedValue<Double> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return Double.compare(this.value, otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && Double.compare(this.value, ((DoubleValue) obj).value) == 0;
    }

    @Override
    public DataType getType() {
        return DataType.DOUBLE;
    }

    @Override
    public Double getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + Double.hashCode(this.value);
    }

    @Override
    public String toString() {
        return "DoubleValue [value=" + this.value + "]";
    }
}
