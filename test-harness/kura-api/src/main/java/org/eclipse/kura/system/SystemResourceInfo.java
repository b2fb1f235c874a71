package org.eclipse.kura.system;

import org.osgi.annotation.versioning.ProviderType;

/** Name, version and kind of one installed system resource (immutable). */
@ProviderType
public class SystemResourceInfo {

    private final String name;
    private final String version;
    private final SystemResourceType type;

    public SystemResourceInfo(String name) {
        this(name, "Unknown", SystemResourceType.UNKNOWN);
    }

    /** type is the name of a {@link SystemResourceType} constant. */
    public SystemResourceInfo(String name, String version, String type) {
        this(name, version, SystemResourceType.valueOf(type));
    }

    public SystemResourceInfo(String name, String version, SystemResourceType type) {
        this.name = name;
        this.version = version;
        this.type = type;
    }

    public String getName() {
        return this.name;
    }

    public String getVersion() {
        return this.version;
    }

    public SystemResourceType getType() {
        return this.type;
    }

    public String getTypeString() {
        return this.type.toString();
    }
}
