package org.eclipse.kura.system;

/** Kind of an installed system resource listed by {@link SystemService#getSystemPackages()}. */
public enum SystemResourceType {
    BUNDLE,
    DP,
    RPM,
    DEB,
    DOCKER,
    CONTAINER_IMAGE,
    APK,
    UNKNOWN;
}
