package io.coaptree.harness.hierarchy;

import java.util.Map;

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
}
