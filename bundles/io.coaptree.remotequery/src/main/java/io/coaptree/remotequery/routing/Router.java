package io.coaptree.remotequery.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * Next-hop decisions in the effective tree (paths hang under their nearest live ancestor), with a view that holds
 * only this gateway's neighbourhood ({@link Neighbourhood}): a destination it does not know is sought towards its
 * path, and the gateway that follows that path decides whether it exists. A request climbs from
 * the local gateway to the nearest attached ancestor whose subtree holds the destination, then descends:
 * group, domain, root, domain, group, skipping a failed level by construction. Each hop decides again with its
 * own view, so a hop that has already seen a failure routes around it. Replicas of a path are peers: where any
 * of them will do (a hop through a replicated path, or a request for any replica of its destination path), the
 * {@link ReplicaChooser} picks one of the live ones.
 * <p>
 * Direct routes: where the broker allows it (the destination announced the same broker as this gateway, see
 * {@link TreeMember#sharesBrokerWith}), a request skips the climb and goes straight to the destination, and a
 * lookup straight to the gateway where its spreading starts. Every gateway on the way decides again, so a request
 * that had to climb hop by hop out of a bridged broker may still take a direct route further on. Pure functions,
 * no state.
 */
public final class Router {

    private Router() {
    }

    /** As {@link #route(TreeView, NodeAddress, NodeAddress, ReplicaChooser)}, always taking the first live replica. */
    public static Route route(TreeView tree, NodeAddress self, NodeAddress destination) {
        return route(tree, self, destination, ReplicaChooser.FIRST);
    }

    /** The next hop towards one gateway, always through the tree. */
    public static Route route(TreeView tree, NodeAddress self, NodeAddress destination, ReplicaChooser chooser) {
        return route(tree, self, destination, chooser, false);
    }

    /**
     * The next hop towards one gateway.
     *
     * @param direct whether a destination on this gateway's broker is reached in one hop
     */
    public static Route route(TreeView tree, NodeAddress self, NodeAddress destination, ReplicaChooser chooser,
            boolean direct) {
        if (self.equals(destination)) {
            return new Route.Local();
        }
        Optional<TreeMember> target = tree.member(destination);
        if (target.isEmpty()) {
            // A gateway knows only its neighbourhood: one that would follow the destination's path knows for certain
            // that nobody serves it there; any other passes the request on towards that path.
            return Neighbourhood.follows(self.path(), destination.path())
                    ? new Route.Unknown("no gateway " + destination + " in the tree")
                    : towards(tree, self, destination.path(), chooser, null);
        }
        if (!target.get().isUp()) {
            return new Route.Unreachable("gateway " + destination + " is down");
        }
        if (self.path().equals(destination.path()) || direct && sameBroker(tree, self, target.get())) {
            return new Route.Forward(target.get()); // a sibling replica, or a gateway on this broker
        }
        return towards(tree, self, destination.path(), chooser, target.get());
    }

    private static boolean sameBroker(TreeView tree, NodeAddress self, TreeMember other) {
        return tree.member(self).map(me -> me.sharesBrokerWith(other)).orElse(false);
    }

    /**
     * The next hop towards any live replica of {@code destination}: this gateway itself when it serves that path,
     * else the path's replicas share the requests (the last hop picks one with {@code chooser}).
     */
    public static Route routeToAnyReplica(TreeView tree, NodeAddress self, NodePath destination,
            ReplicaChooser chooser) {
        return routeToAnyReplica(tree, self, destination, chooser, false);
    }

    /**
     * As {@link #routeToAnyReplica(TreeView, NodeAddress, NodePath, ReplicaChooser)}; with {@code direct}, the
     * replicas on this gateway's broker are reached in one hop (the others, if none is, through the tree).
     */
    public static Route routeToAnyReplica(TreeView tree, NodeAddress self, NodePath destination,
            ReplicaChooser chooser, boolean direct) {
        if (self.path().equals(destination)) {
            return new Route.Local();
        }
        List<TreeMember> replicas = tree.liveReplicas(destination);
        if (replicas.isEmpty() && !Neighbourhood.follows(self.path(), destination)) {
            return towards(tree, self, destination, chooser, null);
        }
        if (replicas.isEmpty()) {
            return tree.replicas(destination).isEmpty()
                    ? new Route.Unknown("no gateway serves " + describe(destination))
                    : new Route.Unreachable("every gateway of " + describe(destination) + " is down");
        }
        if (direct) {
            List<TreeMember> near = replicas.stream().filter(r -> sameBroker(tree, self, r)).toList();
            if (!near.isEmpty()) {
                return new Route.Forward(chooser.choose(near));
            }
        }
        return towards(tree, self, destination, chooser, null);
    }

    /** @param target the destination gateway, or null for any replica of {@code there} */
    private static Route towards(TreeView tree, NodeAddress self, NodePath there, ReplicaChooser chooser,
            TreeMember target) {
        NodePath here = self.path();
        if (here.contains(there)) {
            if (target == null && tree.attachedChildren(here).stream().noneMatch(child -> child.contains(there))) {
                return new Route.Unknown("no gateway serves " + describe(there));
            }
            for (NodePath child : tree.attachedChildren(here)) {
                if (!child.contains(there)) {
                    continue;
                }
                if (child.equals(there) && target != null) {
                    return new Route.Forward(target);
                }
                List<TreeMember> replicas = tree.liveReplicas(child);
                if (!replicas.isEmpty()) {
                    return new Route.Forward(chooser.choose(replicas));
                }
            }
            return new Route.Unreachable("no live gateway below " + self + " leads to "
                    + (target != null ? target.address() : describe(there)));
        }
        List<TreeMember> parents = tree.attachedTo(here).map(tree::liveReplicas).orElse(List.of());
        return parents.isEmpty() ? new Route.Unreachable("no live gateway above " + self)
                : new Route.Forward(chooser.choose(parents));
    }

    private static String describe(NodePath path) {
        return path.isRoot() ? "the root" : path.text();
    }

    /**
     * How a lookup over {@code scope} proceeds here. It first climbs to the top of the scope (the scope's own
     * gateway, or the nearest live ancestor standing in for it), then spreads down through the attached
     * children that lie inside or towards the scope; every gateway inside the scope that it reaches from above
     * answers from its own directory.
     * <p>
     * Replicas: the gateway where the spreading starts also asks its live sibling replicas (each answers from its
     * own directory and its own children, {@link Arrival#SIBLING}); going down, a gateway asks every live replica
     * of a child path that is attached to it ({@link TreeView#parentReplica}), so each child is asked once, by the
     * replica it is attached to.
     */
    public static LookupPlan planLookup(TreeView tree, NodeAddress self, NodePath scope, Arrival arrival) {
        return planLookup(tree, self, scope, arrival, false);
    }

    /**
     * As {@link #planLookup(TreeView, NodeAddress, NodePath, Arrival)}; with {@code direct}, a lookup that must climb
     * goes straight to a live gateway of the scope itself, or else to the ancestor where its spreading would start,
     * when that gateway is on this gateway's broker.
     */
    public static LookupPlan planLookup(TreeView tree, NodeAddress self, NodePath scope, Arrival arrival,
            boolean direct) {
        NodePath here = self.path();
        boolean fromAbove = arrival == Arrival.ABOVE;
        boolean spreading = here.contains(scope) || fromAbove && scope.contains(here)
                || arrival == Arrival.SIBLING;
        if (!spreading) {
            Optional<TreeMember> parent = up(tree, self);
            if (parent.isEmpty()) {
                return new LookupPlan(false, true, List.of());
            }
            TreeMember next = parent.get();
            if (direct) {
                // Best the scope's own gateway, which answers for all of it; else the ancestor standing in for it.
                Optional<TreeMember> own = tree.liveReplicas(scope).stream().filter(r -> sameBroker(tree, self, r))
                        .findFirst();
                TreeMember top = own.orElseGet(() -> spreadingStart(tree, parent.get(), scope));
                if (top != null && sameBroker(tree, self, top)) {
                    next = top;
                }
            }
            return new LookupPlan(false, true, List.of(next));
        }
        List<TreeMember> next = new ArrayList<>();
        if (!fromAbove && arrival != Arrival.SIBLING) {
            tree.liveReplicas(here).stream().filter(r -> !r.address().equals(self)).forEach(next::add);
        }
        for (NodePath child : tree.attachedChildren(here)) {
            if (child.isComparableTo(scope)) {
                for (TreeMember replica : tree.liveReplicas(child)) {
                    if (tree.parentReplica(replica.address()).map(p -> p.address().equals(self)).orElse(false)) {
                        next.add(replica);
                    }
                }
            }
        }
        return new LookupPlan(scope.contains(here), false, next);
    }

    /** As {@link #planLookup(TreeView, NodeAddress, NodePath, Arrival)}, from a client or from below/above. */
    public static LookupPlan planLookup(TreeView tree, NodeAddress self, NodePath scope, boolean fromAbove) {
        return planLookup(tree, self, scope, fromAbove ? Arrival.ABOVE : Arrival.BELOW);
    }

    /** Where a lookup came from: which way it may still spread. */
    public enum Arrival {
        /** From a local client or a gateway below: climb, or start spreading here. */
        BELOW,
        /** From an ancestor: spread down only. */
        ABOVE,
        /** From a sibling replica that started spreading: answer for this replica and its children only. */
        SIBLING
    }

    /**
     * The first gateway from {@code first} upwards whose path contains {@code scope} (where a climbing lookup starts
     * to spread), or null when the chain ends before one. Bounded by the three levels of the tree.
     */
    private static TreeMember spreadingStart(TreeView tree, TreeMember first, NodePath scope) {
        TreeMember at = first;
        for (int level = 0; level < 4 && at != null; level++) {
            if (at.path().contains(scope)) {
                return at;
            }
            at = tree.parentReplica(at.address()).orElse(null);
        }
        return null;
    }

    private static Optional<TreeMember> up(TreeView tree, NodeAddress self) {
        return tree.parentReplica(self);
    }
}
