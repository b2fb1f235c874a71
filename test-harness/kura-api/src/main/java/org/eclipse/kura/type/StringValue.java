package org.eclipse.kura.type;

import static java.util.Objects.requireNonNull;

import org.osgi.annotation.versioning.ProviderType;

/** An immutable {@link DataType#STRING} value; {@code null} is held as the empty string. */
@ProviderType
public class StringValue implements TypedValue<String> {

    private final String value;

    public StringValue(final String value) {
        this.value = value == null ? "" : value;
    }

    @Override
    public int compareTo(final TypedValue<String> otherTypedValue) {
        requireNonNull(otherTypedValue, "Typed Value cannot be null");
        return this.value.compareTo(otherTypedValue.getValue());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj != null && obj.getClass() == getClass() && this.value.equals(((StringValue) obj).value);
    }

    @Override
    public DataType getType() {
        return DataType.STRING;
    }

    @Override
    public String getValue() {
        return this.value;
    }

    @Override
    public int hashCode() {
        return 31 + this.value.hashCode();
    }

    @Override
    public String toString() {
        return "StringValue [value=" + this.value + "]";
    }
}
