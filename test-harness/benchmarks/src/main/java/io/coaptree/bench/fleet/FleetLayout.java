package io.coaptree.bench.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodeLevel;
import io.coaptree.tree.model.NodePath;

/**
 * The gateways of a simulated fleet of N: one root {@code top}, about √N domains ({@code D1/-/d1} ...), the rest
 * groups spread evenly over the domains ({@code D1/g1/g1-1} ...), one gateway per path. So a domain gateway has about
 * √N children, and N = 1000 is a root, 32 domains and 967 groups.
 *
 * @param gateways the root first, then the domains, then the groups
 */
public record FleetLayout(List<NodeAddress> gateways) {

    public FleetLayout {
        gateways = List.copyOf(gateways);
    }

    /** @param size how many gateways, at least 1 */
    public static FleetLayout of(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a fleet has at least one gateway, not " + size);
        }
        List<NodeAddress> all = new ArrayList<>();
        all.add(NodeAddress.of(NodePath.root(), "top"));
        int domains = Math.min(size - 1, (int) Math.round(Math.sqrt(size)));
        for (int d = 1; d <= domains; d++) {
            all.add(NodeAddress.of(NodePath.domain("D" + d), "d" + d));
        }
        int groups = size - 1 - domains;
        for (int i = 0; i < groups; i++) {
            int domain = i % domains + 1;
            int group = i / domains + 1;
            all.add(NodeAddress.of(NodePath.group("D" + domain, "g" + group), "g" + domain + "-" + group));
        }
        return new FleetLayout(all);
    }

    public int size() {
        return gateways.size();
    }

    /** The gateway of {@code level} with the most children (the busiest of its kind; the first such), if any. */
    public Optional<NodeAddress> busiest(NodeLevel level) {
        NodeAddress busiest = null;
        int most = -1;
        for (NodeAddress gateway : gateways) {
            int children = gateway.path().level() == level ? children(gateway).size() : -1;
            if (children > most) {
                busiest = gateway;
                most = children;
            }
        }
        return most < 0 ? Optional.empty() : Optional.of(busiest);
    }

    /**
     * The gateways {@code gateway} follows for liveness in a tree scoped to neighbourhoods: those of its parent path,
     * of its child paths and of its own path (its replicas), itself excluded.
     */
    public Set<NodeAddress> neighbourhood(NodeAddress gateway) {
        NodePath path = gateway.path();
        return gateways.stream().filter(other -> !other.equals(gateway))
                .filter(other -> other.path().equals(path) || path.parent().equals(Optional.of(other.path()))
                        || other.path().parent().equals(Optional.of(path)))
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The gateways of the paths directly below {@code gateway}'s. */
    public List<NodeAddress> children(NodeAddress gateway) {
        return gateways.stream().filter(other -> other.path().parent().equals(Optional.of(gateway.path())))
                .toList();
    }
}
