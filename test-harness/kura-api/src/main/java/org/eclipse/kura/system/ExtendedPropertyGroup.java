package org.eclipse.kura.system;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/** A named group of device-specific properties (immutable). */
@ProviderType
public class ExtendedPropertyGroup {

    private final String name;
    private final Map<String, String> properties;

    public ExtendedPropertyGroup(final String name, final Map<String, String> properties) {
        if (requireNonNull(name, "name cannot be null").trim().isEmpty()) {
            throw new IllegalArgumentException("name cannot be empty");
        }
        this.name = name;
        this.properties = Collections.unmodifiableMap(requireNonNull(properties, "properties cannot be null"));
    }

    public String getName() {
        return this.name;
    }

    public Map<String, String> getProperties() {
        return this.properties;
    }
}
