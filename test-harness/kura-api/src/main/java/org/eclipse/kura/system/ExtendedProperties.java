package org.eclipse.kura.system;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** Versioned set of device-specific property groups (immutable). */
@ProviderType
public class ExtendedProperties {

    private final String version;
    private final List<ExtendedPropertyGroup> groups;

    public ExtendedProperties(final String version, final List<ExtendedPropertyGroup> groups) {
        if (requireNonNull(version, "version cannot be null").trim().isEmpty()) {
            throw new IllegalArgumentException("version cannot be empty");
        }
        this.version = version;
        this.groups = Collections.unmodifiableList(requireNonNull(groups, "groups cannot be null"));
    }

    public String getVersion() {
        return this.version;
    }

    public List<ExtendedPropertyGroup> getPropertyGroups() {
        return this.groups;
    }
}
