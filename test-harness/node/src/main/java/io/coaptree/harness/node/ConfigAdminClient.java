package io.coaptree.harness.node;

import java.time.Duration;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.osgi.framework.BundleContext;

/**
 * Reads ConfigurationAdmin the way a test inspects a gateway: configurations found by kura.service.pid (factory
 * instances) or service.pid (singletons). Nothing is written here: changes go through Kura's ConfigurationService.
 */
final class ConfigAdminClient {

    private static final String CONFIGURATION_ADMIN = "org.osgi.service.cm.ConfigurationAdmin";
    private static final String CONFIGURATION = "org.osgi.service.cm.Configuration";

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

    private Object find(String pid) throws Exception {
        String filter = "(|(" + "kura.service.pid" + "=" + escape(pid) + ")(" + "service.pid"
                + "=" + escape(pid) + "))";
        Object[] found = (Object[]) this.admin.call("listConfigurations", new Class<?>[] { String.class }, filter);
        return found == null || found.length == 0 ? null : found[0];
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)").replace("*", "\\*");
    }
}
