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

    /** The broker of the root's gateways; with several brokers, the one the others bridge to. */
    public static final String HUB = "hub";

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

    /**
     * The broker a gateway at {@code path} connects to when the fleet spreads over {@code brokers} bridged brokers:
     * the root's gateways on the {@link #HUB}, domain {@code D<k>} with all its groups on broker {@code (k - 1) mod
     * brokers}, broker 0 being the hub and the others {@code site-1} ... So domains alternate between the hub and
     * the sites, and a tree of several brokers has routes on one broker and routes across a bridge.
     */
    public static String brokerOf(NodePath path, int brokers) {
        if (brokers < 1) {
            throw new IllegalArgumentException("a fleet has at least one broker, not " + brokers);
        }
        if (path.isRoot()) {
            return HUB;
        }
        String domain = path.domain();
        if (!domain.matches("D[1-9][0-9]*")) {
            throw new IllegalArgumentException("not a domain of a fleet layout: " + domain);
        }
        int index = (Integer.parseInt(domain.substring(1)) - 1) % brokers;
        return index == 0 ? HUB : "site-" + index;
    }

    /**
     * The fleet's inventory as the shipped broker generator reads it ({@code <name> <role> [<domain> [<group>]]
     * broker=<broker>}), each gateway on its broker of {@code brokers}.
     */
    public List<String> inventory(int brokers) {
        List<String> lines = new ArrayList<>();
        for (NodeAddress g : gateways) {
            NodePath path = g.path();
            String place = switch (path.level()) {
                case ROOT -> "root";
                case DOMAIN -> "domain " + path.domain();
                case GROUP -> "group " + path.domain() + " " + path.group();
            };
            lines.add(g.name() + " " + place + " broker=" + brokerOf(path, brokers));
        }
        return lines;
    }
}
