package org.eclipse.kura.type;

import org.osgi.annotation.versioning.ProviderType;

/** A value with its {@link DataType}. */
@ProviderType
public interface TypedValue<T> extends Comparable<TypedValue<T>> {

    public DataType getType();

    public T getValue();
}
