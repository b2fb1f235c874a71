package io.coaptree.harness.kura.snapshot;

import java.util.Map;

/**
 * One esf:configuration of a Kura snapshot: the component's pid and its properties as Java values (String, Long,
 * Integer, ..., arrays of them, {@link PasswordValue} for Password). A factory instance carries service.factoryPid
 * among its properties, as in Kura's files.
 */
public record SnapshotConfiguration(String pid, Map<String, Object> properties) {

    public static final String SERVICE_FACTORY_PID = "service.factoryPid";

    /** The factory this configuration instantiates, or null for a singleton. */
    public String factoryPid() {
        Object factoryPid = this.properties.get(SERVICE_FACTORY_PID);
        return factoryPid == null ? null : factoryPid.toString();
    }
}
