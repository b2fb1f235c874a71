package io.coaptree.tree.model;

/**
 * Which gateways one gateway follows: the gateways whose join, heartbeat, leave and last will it hears, checks and
 * keeps in its view. A gateway follows its own path (its replicas), the paths above it (the parent it is attached to
 * and the one it falls back to when every replica of the parent is down) and the paths one level below it (its
 * children): a group follows its group, its domain and the root; a domain its domain, its groups and the root; the
 * root the root and every domain. Nobody else: a gateway's background work so grows with its own neighbours, never
 * with the fleet (a group hears the same few gateways in a tree of 10 as in one of 1000).
 * <p>
 * One exception, which the membership protocol handles with messages addressed to the root rather than with a wider
 * subscription: while no replica of a group's domain is live, the group hangs under the root, so it sends its
 * heartbeats to the root's gateways too ({@link #adoptedByRoot}).
 * <p>
 * The relation is fixed by the two paths alone, so both ends of a link compute it alike: the link MACs use it to
 * know whether the addressee holds this gateway's key (it does when it follows this gateway's signed heartbeats).
 */
public final class Neighbourhood {

    private Neighbourhood() {
    }

    /** Whether a gateway at {@code follower} follows the membership messages of a gateway at {@code followed}. */
    public static boolean follows(NodePath follower, NodePath followed) {
        return followed.contains(follower) || isChild(followed, follower);
    }

    /** Whether {@code child} is one level below {@code parent} (a domain of the root, a group of its domain). */
    private static boolean isChild(NodePath child, NodePath parent) {
        return child.parent().map(parent::equals).orElse(false);
    }

    /**
     * Whether a gateway at {@code path} must also heartbeat to the root's gateways: a group none of whose domain's
     * replicas is live in {@code view} hangs under the root, which does not follow groups by subscription.
     */
    public static boolean adoptedByRoot(NodePath path, TreeView view) {
        return path.level() == NodeLevel.GROUP && view.attachedTo(path).map(NodePath::isRoot).orElse(false);
    }

    /**
     * The MQTT topic filters (segments after the prefix, before the kind) a gateway at {@code path} subscribes to for
     * each membership kind, with no overlap so a message arrives once: the root {@code +/-} (the root and every
     * domain), a domain {@code A/+} (itself and its groups) and {@code -/-}, a group {@code A/g}, {@code A/-} and
     * {@code -/-}.
     */
    public static String[] subscriptions(NodePath path) {
        switch (path.level()) {
            case ROOT:
                return new String[] { "+/" + NodeNames.ABSENT };
            case DOMAIN:
                return new String[] { path.domain() + "/+", NodePath.root().segments() };
            default:
                return new String[] { path.segments(), NodePath.domain(path.domain()).segments(),
                        NodePath.root().segments() };
        }
    }
}
