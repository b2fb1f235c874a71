package io.coaptree.remotequery.node;

import java.util.Optional;
import java.util.function.Supplier;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.remotequery.forwarding.Forwarder;
import io.coaptree.remotequery.lookup.LookupFanOut;
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.LearnedRoutes;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.Route;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;

/**
 * Decides what becomes of a request, whether a local client submitted it or another gateway sent it: a lookup goes
 * to the {@link LookupFanOut}; a resource request is routed through the effective tree ({@link Router}) and run on
 * this gateway's own server (with its Observe relation kept in the {@link ObserveRelays}), forwarded towards its
 * owner, or answered 4.04 (unknown gateway) or 5.03 (known but out of reach) here.
 */
final class Dispatcher {

    /**
     * How long a direct route to a gateway outside the neighbourhood, learned from an answer, is taken without being
     * confirmed again: a gateway that went away quietly costs at most this long of timeouts, a route in use costs one
     * request through the tree per lease.
     */
    static final long ROUTE_LEASE_MILLIS = 30_000;
    /** Direct routes kept at most: a gateway asks few gateways often; a scan of the fleet must not grow it. */
    static final int MAX_LEARNED_ROUTES = 1024;

    private final NodeAddress self;
    private final Supplier<TreeView> tree;
    private final RemoteQueryOptions options;
    private final LocalExecutor local;
    private final ObserveRelays relays;
    private final Forwarder forwarder;
    private final LookupFanOut lookups;
    private final LearnedRoutes learned;

    Dispatcher(NodeAddress self, Supplier<TreeView> tree, RemoteQueryOptions options, LocalExecutor local,
            ObserveRelays relays, Forwarder forwarder, LookupFanOut lookups, LearnedRoutes learned) {
        this.learned = learned;
        this.self = self;
        this.tree = tree;
        this.options = options;
        this.local = local;
        this.relays = relays;
        this.forwarder = forwarder;
        this.lookups = lookups;
    }

    /** A request from another gateway names its target in the envelope: read it once, then as a local one. */
    void dispatch(CoapEnvelope request, Upstream upstream, Router.Arrival arrival) {
        RemoteTarget target;
        try {
            Optional<String> lookupKind = TreeUri.lookupKind(request.path());
            target = lookupKind.isPresent()
                    ? new RemoteTarget.Lookup(NodePath.parse(request.destinationNode()), lookupKind.get(),
                            request.query())
                    : TreeUri.resourceTarget(request.destinationNode(), request.path(), request.query());
        } catch (InvalidNodeException e) {
            upstream.reply(ErrorAnswer.to(request, CoapCodes.BAD_REQUEST, e.getMessage()));
            return;
        }
        dispatch(request, target, upstream, arrival);
    }

    void dispatch(CoapEnvelope request, RemoteTarget target, Upstream upstream, Router.Arrival arrival) {
        if (target instanceof RemoteTarget.Lookup l) {
            lookups.lookup(request, l.kind(), l.scope(), upstream, arrival);
        } else if (target instanceof RemoteTarget.Resource r) {
            TreeView view = options.directRoutes() ? learned.over(tree.get(), r.node().path()) : tree.get();
            Route route = Router.route(view, self, r.node(), forwarder.replicas(), options.directRoutes());
            resource(request, route, r.node().toString(), learning(request, upstream, r.node().path(), route));
        } else if (target instanceof RemoteTarget.AnyReplica r) {
            TreeView view = options.directRoutes() ? learned.over(tree.get(), r.node()) : tree.get();
            Route route = Router.routeToAnyReplica(view, self, r.node(), forwarder.replicas(),
                    options.directRoutes());
            resource(request, route, r.destinationText(), learning(request, upstream, r.node(), route));
        }
    }

    private void resource(CoapEnvelope request, Route route, String destination, Upstream upstream) {
        if (route instanceof Route.Local) {
            executeLocally(request, upstream);
        } else if (route instanceof Route.Forward f) {
            forwarder.forwardResource(request, f.next(), destination, upstream);
        } else if (route instanceof Route.Unknown u) {
            upstream.reply(ErrorAnswer.to(request, CoapCodes.NOT_FOUND, u.reason()));
        } else if (route instanceof Route.Unreachable u) {
            upstream.reply(ErrorAnswer.to(request, CoapCodes.SERVICE_UNAVAILABLE, u.reason()));
        }
    }

    /**
     * Where the answers to a request for a gateway of {@code path} go when it leaves here: one that a local client
     * asked and that goes through the tree to a path this gateway does not follow learns from the answer whether a
     * direct route to its owner exists; one that went straight to a learned route and timed out drops it. Only the
     * entry gateway learns: the hops on the way keep routing through the tree, so a stale route costs one timeout.
     */
    private Upstream learning(CoapEnvelope request, Upstream upstream, NodePath path, Route route) {
        if (!options.directRoutes() || !fromLocalClient(request) || !(route instanceof Route.Forward f)
                || !tree.get().replicas(path).isEmpty()) {
            return upstream;
        }
        NodeAddress next = f.next().address();
        boolean direct = next.path().equals(path);
        return new Upstream() {
            @Override
            public void reply(CoapEnvelope response) {
                if (direct && response.code() == CoapCodes.GATEWAY_TIMEOUT) {
                    learned.forget(next);
                } else if (!direct) {
                    learned.learn(response.owner(), response.ownerBroker(), ownBroker());
                }
                upstream.reply(response);
            }

            @Override
            public String key() {
                return upstream.key();
            }
        };
    }

    /** A request a client of this gateway submitted (one from another gateway names that gateway as its source). */
    private boolean fromLocalClient(CoapEnvelope request) {
        return request.sourceNode() == null || request.sourceNode().equals(self.text());
    }

    private String ownBroker() {
        return tree.get().member(self).map(TreeMember::broker).orElse("");
    }

    /** Runs the request on this gateway's own server, with the caller identity it carries. */
    private void executeLocally(CoapEnvelope request, Upstream upstream) {
        CoapEnvelope localRequest = request.toBuilder().sourceNode(null).destinationNode(null).build();
        // An answer to another gateway names the broker this one is on: a route hint for the gateway that asked.
        String broker = fromLocalClient(request) ? null : ownBroker();
        CancellableExchange exchange = local.execute(localRequest, response -> {
            if (!response.continuesObservation()) {
                relays.localEnded(upstream.key());
            }
            upstream.reply(broker == null || broker.isEmpty() ? response
                    : response.toBuilder().owner(self.text()).ownerBroker(broker).build());
        });
        if (request.observe() == ObserveRelays.REGISTER) {
            relays.observingLocally(upstream.key(), exchange);
        }
    }
}
