package io.coaptree.remotequery.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * Next-hop decisions in the effective tree (paths hang under their nearest live ancestor). A request climbs from
 * the local gateway to the nearest attached ancestor whose subtree holds the destination, then descends:
 * group, domain, root, domain, group, skipping a failed level by construction. Each hop decides again with its
 * own view, so a hop that has already seen a failure routes around it. Pure functions, no state.
 */
public final class Router {

    private Router() {
    }

    public static Route route(TreeView tree, NodeAddress self, NodeAddress destination) {
        if (self.equals(destination)) {
            return new Route.Local();
        }
        Optional<TreeMember> target = tree.member(destination);
        if (target.isEmpty()) {
            return new Route.Unknown("no gateway " + destination + " in the tree");
        }
        if (!target.get().isUp()) {
            return new Route.Unreachable("gateway " + destination + " is down");
        }
        NodePath here = self.path();
        NodePath there = destination.path();
        if (here.equals(there)) {
            return new Route.Forward(target.get());
        }
        if (here.contains(there)) {
            for (NodePath child : tree.attachedChildren(here)) {
                if (child.contains(there)) {
                    if (child.equals(there)) {
                        return new Route.Forward(target.get());
                    }
                    Optional<TreeMember> replica = tree.liveReplica(child);
                    if (replica.isPresent()) {
                        return new Route.Forward(replica.get());
                    }
                }
            }
            return new Route.Unreachable("no live gateway below " + self + " leads to " + destination);
        }
        return up(tree, self).<Route>map(Route.Forward::new)
                .orElseGet(() -> new Route.Unreachable("no live gateway above " + self));
    }

    /**
     * How a lookup over {@code scope} proceeds here. It first climbs to the top of the scope (the scope's own
     * gateway, or the nearest live ancestor standing in for it), then spreads down through the attached
     * children that lie inside or towards the scope; every gateway inside the scope that it reaches from above
     * answers from its own directory.
     *
     * @param fromAbove whether the previous hop was an ancestor (the lookup is spreading down)
     */
    public static LookupPlan planLookup(TreeView tree, NodeAddress self, NodePath scope, boolean fromAbove) {
        NodePath here = self.path();
        boolean spreading = here.contains(scope) || fromAbove && scope.contains(here);
        if (!spreading) {
            return up(tree, self).map(parent -> new LookupPlan(false, true, List.of(parent)))
                    .orElseGet(() -> new LookupPlan(false, true, List.of()));
        }
        List<TreeMember> children = new ArrayList<>();
        for (NodePath child : tree.attachedChildren(here)) {
            if (child.isComparableTo(scope)) {
                tree.liveReplica(child).ifPresent(children::add);
            }
        }
        return new LookupPlan(scope.contains(here), false, children);
    }

    private static Optional<TreeMember> up(TreeView tree, NodeAddress self) {
        return tree.attachedTo(self.path()).flatMap(tree::liveReplica);
    }
}
