package io.coaptree.harness.node;

import java.time.Duration;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;

import org.osgi.framework.BundleContext;

/**
 * ConfigurationAdmin as Kura's ConfigurationService drives it: configurations are found by kura.service.pid
 * (factory instances) or service.pid (singletons), bound to any bundle (location "?"), and updated in full.
 */
final class ConfigAdminClient {

    private static final String CONFIGURATION_ADMIN = "org.osgi.service.cm.ConfigurationAdmin";
    private static final String CONFIGURATION = "org.osgi.service.cm.Configuration";
    private static final String ANY_LOCATION = "?";

    private final ServiceAccess admin;

    ConfigAdminClient(BundleContext context, Duration timeout) {
        this.admin = new ServiceAccess(context, CONFIGURATION_ADMIN, timeout);
    }

    /** Current properties of the configuration known by this pid, or null when there is none. */
    Map<String, Object> properties(String pid) throws Exception {
        Object configuration = find(pid);
        if (configuration == null) {
            return null;
        }
        Dictionary<?, ?> properties = (Dictionary<?, ?>) ServiceAccess.invoke(configuration, CONFIGURATION,
                "getProperties", new Class<?>[0]);
        if (properties == null) {
            return null;
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (Enumeration<?> keys = properties.keys(); keys.hasMoreElements();) {
            Object key = keys.nextElement();
            map.put(key.toString(), properties.get(key));
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * Creates or replaces the configuration. For a factory instance (factoryPid not null) the pid is its
     * kura.service.pid; ConfigAdmin generates the real service.pid, as it does on a gateway.
     */
    void update(String pid, String factoryPid, Map<String, Object> properties) throws Exception {
        Object configuration = find(pid);
        if (configuration == null) {
            configuration = factoryPid == null
                    ? this.admin.call("getConfiguration", new Class<?>[] { String.class, String.class }, pid,
                            ANY_LOCATION)
                    : this.admin.call("createFactoryConfiguration", new Class<?>[] { String.class, String.class },
                            factoryPid, ANY_LOCATION);
        }
        Hashtable<String, Object> dictionary = new Hashtable<>();
        properties.forEach((key, value) -> {
            if (value != null && !KuraSnapshot.SERVICE_PID.equals(key)
                    && !KuraSnapshot.SERVICE_FACTORY_PID.equals(key)) {
                dictionary.put(key, value);
            }
        });
        dictionary.put(KuraSnapshot.KURA_SERVICE_PID, pid);
        ServiceAccess.invoke(configuration, CONFIGURATION, "update", new Class<?>[] { Dictionary.class }, dictionary);
    }

    /** Factory pid of the configuration known by this pid, or null (singleton or unknown). */
    String factoryPid(String pid) throws Exception {
        Object configuration = find(pid);
        return configuration == null ? null
                : (String) ServiceAccess.invoke(configuration, CONFIGURATION, "getFactoryPid", new Class<?>[0]);
    }

    private Object find(String pid) throws Exception {
        String filter = "(|(" + KuraSnapshot.KURA_SERVICE_PID + "=" + escape(pid) + ")(" + KuraSnapshot.SERVICE_PID
                + "=" + escape(pid) + "))";
        Object[] found = (Object[]) this.admin.call("listConfigurations", new Class<?>[] { String.class }, filter);
        return found == null || found.length == 0 ? null : found[0];
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("*", "\\*");
    }
}
