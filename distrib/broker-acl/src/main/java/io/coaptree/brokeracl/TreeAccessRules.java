package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each member of a fleet may publish and subscribe to, from the topics the tree really uses
 * ({@code <prefix>/<domain|->/<group|->/<node>/<kind>}):
 * <ul>
 * <li>every gateway publishes its own {@code join}, {@code heartbeat}, {@code leave}, {@code lwt} (its will, which
 * the broker checks at connect) and {@code ctl} (the refusal of a newcomer claiming its name, who holds the same
 * credentials), and reads the {@code join}, {@code heartbeat}, {@code leave} and {@code lwt} of the gateways it
 * follows (its own path, the paths above it and its child paths: never the whole fleet's) and its own {@code ctl},
 * {@code query}, {@code reply} and {@code rd}; a group also writes the root's {@code ctl} topics (while no gateway of
 * its domain is live it heartbeats to the root there);</li>
 * <li>{@code query} and {@code reply} go to the gateways of the paths a request can take next: the replicas of its
 * own path, its parent path and its child paths <em>in the effective tree</em>, where a path hangs under its
 * nearest live ancestor: a group's parents are its domain and, while no gateway of that domain is live, the root;
 * the root's children are every domain and every group;</li>
 * <li>with direct routes ({@code remotequery.route.direct} in the role's snapshot, on by default), a gateway also
 * sends requests to every gateway path of its broker, and may reply to the paths of the gateways of its broker whose
 * role takes direct routes;</li>
 * <li>{@code rd} goes to the same parent and child paths (synchronisation runs between parent and child only);</li>
 * <li>{@code telemetry} goes up only: every gateway publishes its own topic (its records, sealed as itself), and
 * only the root's gateways read every gateway's;</li>
 * <li>an observer reads {@code <prefix>/#} and publishes nothing.</li>
 * </ul>
 * Peers are named by path with {@code +} as the node level: any gateway the inventory places at a path may be a
 * replica there, and the node level cannot move a message to another path.
 */
public final class TreeAccessRules {

    private static final String[] MEMBERSHIP = { "join", "heartbeat", "leave", "lwt" };
    private static final String[] ROUTED = { "query", "reply" };

    private TreeAccessRules() {
    }

    /** The rules of every member, in inventory order, without direct routes. */
    public static Map<FleetMember, List<TopicRule>> of(FleetInventory fleet, String prefix) {
        return of(fleet, prefix, Set.of());
    }

    /**
     * The rules of every member, in inventory order.
     *
     * @param directRoles the roles whose gateways send remote requests straight to the gateway they are for
     */
    public static Map<FleetMember, List<TopicRule>> of(FleetInventory fleet, String prefix, Set<Role> directRoles) {
        Map<FleetMember, List<TopicRule>> rules = new LinkedHashMap<>();
        for (FleetMember member : fleet.members()) {
            rules.put(member, member.role().isGateway() ? gateway(member, fleet, prefix, directRoles)
                    : List.of(TopicRule.read(prefix + "/#")));
        }
        return rules;
    }

    private static List<TopicRule> gateway(FleetMember self, FleetInventory fleet, String prefix,
            Set<Role> directRoles) {
        String own = prefix + "/" + self.path() + "/" + self.name() + "/";
        List<TopicRule> rules = new ArrayList<>();
        for (String kind : MEMBERSHIP) {
            rules.add(TopicRule.write(own + kind));
        }
        rules.add(TopicRule.write(own + "ctl"));
        rules.add(TopicRule.write(own + "telemetry"));
        Set<String> neighbours = new LinkedHashSet<>();
        neighbours.addAll(parentPaths(self, fleet));
        neighbours.addAll(childPaths(self, fleet));
        for (String kind : ROUTED) {
            Set<String> paths = new LinkedHashSet<>();
            paths.add(self.path());
            paths.addAll(neighbours);
            for (FleetMember other : fleet.gateways()) {
                // A direct request goes from its entry gateway to the owner, the answer straight back; only between
                // gateways of one broker (across a bridge the route is hop by hop, see BridgedBrokers).
                boolean direct = other.broker().equals(self.broker()) && (kind.equals("query")
                        ? directRoles.contains(self.role()) : directRoles.contains(other.role()));
                if (direct) {
                    paths.add(other.path());
                }
            }
            for (String path : paths) {
                rules.add(TopicRule.write(prefix + "/" + path + "/+/" + kind));
            }
        }
        for (String path : neighbours) {
            rules.add(TopicRule.write(prefix + "/" + path + "/+/rd"));
        }
        for (String paths : followedPaths(self)) {
            for (String kind : MEMBERSHIP) {
                rules.add(TopicRule.read(prefix + "/" + paths + "/+/" + kind));
            }
        }
        if (self.role() == Role.GROUP) {
            // while its domain has no live gateway, a group heartbeats to the root's gateways (which do not follow
            // groups) on their ctl topics
            rules.add(TopicRule.write(prefix + "/" + TopicNames.ABSENT + "/" + TopicNames.ABSENT + "/+/ctl"));
        }
        for (String kind : new String[] { "ctl", "query", "reply", "rd" }) {
            rules.add(TopicRule.read(own + kind));
        }
        if (self.role() == Role.ROOT) {
            rules.add(TopicRule.read(prefix + "/+/+/+/telemetry"));
        }
        return rules;
    }

    /**
     * The membership topics a gateway reads, as the segments before the node level: its neighbourhood (the tree
     * handler's {@code Neighbourhood}): the root reads the root's and every domain's ({@code +/-}), a domain its own
     * domain's and groups' ({@code A/+}) and the root's, a group its own path's, its domain's and the root's.
     */
    private static List<String> followedPaths(FleetMember self) {
        String root = TopicNames.ABSENT + "/" + TopicNames.ABSENT;
        return switch (self.role()) {
            case ROOT -> List.of("+/" + TopicNames.ABSENT);
            case DOMAIN -> List.of(self.domain() + "/+", root);
            default -> List.of(self.path(), self.domain() + "/" + TopicNames.ABSENT, root);
        };
    }

    /** The paths a gateway may be attached to: its domain (for a group) and the root (for domains and groups). */
    private static Set<String> parentPaths(FleetMember self, FleetInventory fleet) {
        Set<String> paths = new LinkedHashSet<>();
        if (self.role() == Role.GROUP) {
            addIfPresent(paths, fleet, self.domain() + "/" + TopicNames.ABSENT);
        }
        if (self.role() != Role.ROOT) {
            addIfPresent(paths, fleet, TopicNames.ABSENT + "/" + TopicNames.ABSENT);
        }
        return paths;
    }

    /** The paths that may be attached to a gateway: a domain's groups; for the root every domain and group. */
    private static Set<String> childPaths(FleetMember self, FleetInventory fleet) {
        Set<String> paths = new LinkedHashSet<>();
        for (FleetMember other : fleet.gateways()) {
            boolean child = switch (self.role()) {
                case ROOT -> other.role() != Role.ROOT;
                case DOMAIN -> other.role() == Role.GROUP && other.domain().equals(self.domain());
                default -> false;
            };
            if (child) {
                paths.add(other.path());
            }
        }
        return paths;
    }

    private static void addIfPresent(Set<String> paths, FleetInventory fleet, String path) {
        if (fleet.gateways().stream().anyMatch(g -> g.path().equals(path))) {
            paths.add(path);
        }
    }
}
