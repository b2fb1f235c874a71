package io.coaptree.remotequery.node;

import java.util.Optional;
import java.util.function.Supplier;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.remotequery.forwarding.Forwarder;
import io.coaptree.remotequery.lookup.LookupFanOut;
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.Route;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeView;

/**
 * Decides what becomes of a request, whether a local client submitted it or another gateway sent it: a lookup goes
 * to the {@link LookupFanOut}; a resource request is routed through the effective tree ({@link Router}) and run on
 * this gateway's own server (with its Observe relation kept in the {@link ObserveRelays}), forwarded towards its
 * owner, or answered 4.04 (unknown gateway) or 5.03 (known but out of reach) here.
 */
final class Dispatcher {

    private final NodeAddress self;
    private final Supplier<TreeView> tree;
    private final RemoteQueryOptions options;
    private final LocalExecutor local;
    private final ObserveRelays relays;
    private final Forwarder forwarder;
    private final LookupFanOut lookups;

    Dispatcher(NodeAddress self, Supplier<TreeView> tree, RemoteQueryOptions options, LocalExecutor local,
            ObserveRelays relays, Forwarder forwarder, LookupFanOut lookups) {
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
            resource(request, Router.route(tree.get(), self, r.node(), forwarder.replicas(), options.directRoutes()),
                    r.node().toString(), upstream);
        } else if (target instanceof RemoteTarget.AnyReplica r) {
            resource(request, Router.routeToAnyReplica(tree.get(), self, r.node(), forwarder.replicas(),
                    options.directRoutes()), r.destinationText(), upstream);
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

    /** Runs the request on this gateway's own server, with the caller identity it carries. */
    private void executeLocally(CoapEnvelope request, Upstream upstream) {
        CoapEnvelope localRequest = request.toBuilder().sourceNode(null).destinationNode(null).build();
        CancellableExchange exchange = local.execute(localRequest, response -> {
            if (!response.continuesObservation()) {
                relays.localEnded(upstream.key());
            }
            upstream.reply(response);
        });
        if (request.observe() == ObserveRelays.REGISTER) {
            relays.observingLocally(upstream.key(), exchange);
        }
    }
}
