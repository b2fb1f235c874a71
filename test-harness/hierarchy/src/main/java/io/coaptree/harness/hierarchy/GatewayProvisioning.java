package io.coaptree.harness.hierarchy;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Per-gateway provisioning on top of the role snapshot and the tree's own values, applied before the first boot as
 * an installer would (e.g. broker credentials: {@link BrokerCredentials}).
 */
@FunctionalInterface
public interface GatewayProvisioning {

    /** Nothing beyond the role snapshot and the tree's values. */
    GatewayProvisioning NONE = gateway -> Map.of();

    /**
     * @return pid to properties, merged over what the gateway is given already (a factory instance needs
     *         "service.factoryPid"; Password values through {@code KuraNode.password})
     */
    Map<String, Map<String, Object>> configurations(TreeHierarchy.Gateway gateway);

    /** This provisioning and then {@code more}, merged per pid ({@code more}'s values win). */
    default GatewayProvisioning and(GatewayProvisioning more) {
        return gateway -> {
            Map<String, Map<String, Object>> merged = new HashMap<>();
            for (GatewayProvisioning p : new GatewayProvisioning[] { this, more }) {
                p.configurations(gateway).forEach((pid, properties) -> merged
                        .computeIfAbsent(pid, k -> new HashMap<>()).putAll(properties));
            }
            return merged;
        };
    }

    /**
     * Each gateway connects to the broker {@code url} names for it instead of the hierarchy's (e.g. its domain's
     * broker in a fleet on bridged brokers).
     */
    static GatewayProvisioning brokerUrl(Function<TreeHierarchy.Gateway, String> url) {
        return gateway -> Map.of(TreeHierarchy.TRANSPORT_PID, Map.of("broker-url", url.apply(gateway)));
    }
}
