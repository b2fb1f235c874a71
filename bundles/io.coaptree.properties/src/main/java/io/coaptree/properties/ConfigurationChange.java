package io.coaptree.properties;

import java.util.Map;
import java.util.Objects;

/**
 * Whether a component's new properties differ from the ones it runs with. Kura's ConfigurationService re-applies
 * every configuration with its metatype defaults merged in at every start and whenever a bundle with metatype
 * starts, so a component is told "modified" with exactly the properties it already has: restarting then would
 * drop connections and observers for nothing, and a restart that blocks holds up every other component waiting
 * for this one.
 */
public final class ConfigurationChange {

    private ConfigurationChange() {
    }

    /** True when both maps hold the same keys with equal values (arrays compared element by element). */
    public static boolean none(Map<String, ?> running, Map<String, ?> next) {
        if (running == null || next == null || running.size() != next.size()) {
            return false;
        }
        for (Map.Entry<String, ?> entry : running.entrySet()) {
            if (!next.containsKey(entry.getKey()) || !Objects.deepEquals(entry.getValue(), next.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }
}
