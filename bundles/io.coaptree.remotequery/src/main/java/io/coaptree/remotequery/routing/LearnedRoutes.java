package io.coaptree.remotequery.routing;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * Direct routes to gateways outside this gateway's neighbourhood. A gateway's view holds only its neighbours, so
 * it cannot know the broker of a gateway in another domain; the first request to such a gateway goes through the
 * tree, and its answer carries the broker name its owner announces ({@code ownerBroker} of the response). When that
 * is this gateway's broker, the route is kept for a lease, and the requests within it go straight to the owner, as
 * between neighbours. A route is only a hint: the owner still checks every request's seal and voucher and this
 * gateway still takes the answer only from the owner, so a wrong hint costs a timeout, after which the route is
 * dropped and the next request goes through the tree again; a lapsed lease does the same for a gateway that went
 * away quietly. At most {@code maxRoutes} are kept, least recently learned first out. Thread-safe.
 */
public final class LearnedRoutes {

    private final Clock clock;
    private final long leaseMillis;
    private final Map<NodeAddress, Learned> routes;

    private record Learned(String broker, long expiresAt) {
    }

    public LearnedRoutes(Clock clock, long leaseMillis, int maxRoutes) {
        this.clock = clock;
        this.leaseMillis = leaseMillis;
        this.routes = new LinkedHashMap<>(16, 0.75f, false) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<NodeAddress, Learned> eldest) {
                return size() > maxRoutes;
            }
        };
    }

    /**
     * A request answered through the tree was run by {@code owner}, which announces {@code broker}: keep the route
     * if that is this gateway's broker ({@code ownBroker}), drop any kept one otherwise.
     */
    public synchronized void learn(NodeAddress owner, String broker, String ownBroker) {
        routes.remove(owner);
        if (broker != null && !broker.isEmpty() && broker.equals(ownBroker)) {
            routes.put(owner, new Learned(broker, clock.millis() + leaseMillis));
        }
    }

    /** As {@link #learn(NodeAddress, String, String)} from an answer's hint; a hint that is no address is ignored. */
    public void learn(String owner, String broker, String ownBroker) {
        if (owner == null) {
            return;
        }
        try {
            learn(NodeAddress.parse(owner), broker, ownBroker);
        } catch (InvalidNodeException notAnAddress) {
            // a hint is only a hint: without a valid address there is nothing to learn
        }
    }

    /** A direct request to {@code owner} went unanswered: the route is stale. */
    public synchronized void forget(NodeAddress owner) {
        routes.remove(owner);
    }

    /** The learned gateways at {@code path} whose lease runs, as members (up, with their broker). */
    private synchronized List<TreeMember> members(NodePath path) {
        long now = clock.millis();
        routes.values().removeIf(learned -> now >= learned.expiresAt());
        List<TreeMember> found = new ArrayList<>();
        routes.forEach((owner, learned) -> {
            if (owner.path().equals(path)) {
                found.add(new TreeMember(owner, 0, "", learned.broker(), Liveness.UP, learned.expiresAt()));
            }
        });
        return found;
    }

    /**
     * {@code view} with the learned gateways of {@code path} added when the view knows none there: what the router
     * needs to take the direct route to one of them (address, up, broker).
     */
    public TreeView over(TreeView view, NodePath path) {
        if (!view.replicas(path).isEmpty()) {
            return view;
        }
        List<TreeMember> learned = members(path);
        return learned.isEmpty() ? view : new WithLearned(view, path, learned);
    }

    /** A view and the learned gateways of one path it does not know: routing to them is all it serves. */
    private record WithLearned(TreeView view, NodePath path, List<TreeMember> learned) implements TreeView {

        @Override
        public Collection<TreeMember> members() {
            return view.members();
        }

        @Override
        public Optional<TreeMember> member(String name) {
            Optional<TreeMember> known = view.member(name);
            return known.isPresent() ? known : learned.stream().filter(m -> m.name().equals(name)).findFirst();
        }

        @Override
        public Set<NodePath> paths() {
            return view.paths();
        }

        @Override
        public List<TreeMember> replicas(NodePath p) {
            return p.equals(path) ? learned : view.replicas(p);
        }

        @Override
        public Optional<TreeMember> liveReplica(NodePath p) {
            return p.equals(path) ? Optional.of(learned.get(0)) : view.liveReplica(p);
        }

        @Override
        public Optional<NodePath> attachedTo(NodePath p) {
            return view.attachedTo(p);
        }

        @Override
        public Set<NodePath> attachedChildren(NodePath p) {
            return view.attachedChildren(p);
        }
    }
}
