package io.coaptree.remotequery.coap;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.Exchange;
import org.eclipse.californium.core.observe.ObserveRelation;
import org.eclipse.californium.core.server.resources.Resource;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.routing.InvalidTreeUriException;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.TreeUri;

/**
 * {@code /tree/...} or {@code /tree-lookup/...} on the gateway's CoAP server: one resource object answers every
 * path below its name (it is its own child), hands the request to the remote-query engine with the caller's DTLS
 * identity and sends the answer back on the client's exchange. For {@code /tree} an Observe registration becomes a
 * relayed relation: each notification from the owning gateway is sent on the client's exchange with this
 * resource's own sequence numbers, unless a newer one overtook it on the way ({@link RelayedNotifications}), and the
 * remote relation ends when the client's does. Hidden from
 * {@code /.well-known/core} (and so from the RD): the tree's resources are found through {@code /tree-lookup}.
 */
public final class TreeResource extends ExtendedResource {

    private final RemoteQueryNode node;
    private final QueryClasses classes;
    private final Map<Exchange, CancellableExchange> relays = new ConcurrentHashMap<>();

    /** Every request normal. */
    public TreeResource(String name, RemoteQueryNode node) {
        this(name, node, QueryClasses.allNormal());
    }

    /** @param classes the class a request to {@code /tree} asks for ({@code dc=}) or takes by default */
    public TreeResource(String name, RemoteQueryNode node, QueryClasses classes) {
        super(name, false);
        this.node = node;
        this.classes = classes;
        setObservable(TreeUri.RESOURCE_PREFIX.equals(name));
    }

    @Override
    public Resource getChild(String name) {
        return this;
    }

    @Override
    public void handleRequest(Exchange exchange) {
        Request request = exchange.getRequest();
        RemoteTarget target;
        String askedClass = null;
        try {
            // On /tree-lookup, dc= is what it is in the RD: a filter on the link attribute.
            if (TreeUri.RESOURCE_PREFIX.equals(getName())) {
                askedClass = QueryClasses.takeAsked(request);
            }
            target = TreeUri.parse(request.getOptions().getUriPath(), request.getOptions().getUriQuery());
        } catch (InvalidTreeUriException | IllegalArgumentException e) {
            Response bad = new Response(ResponseCode.BAD_REQUEST);
            bad.setPayload(e.getMessage());
            bad.getOptions().setContentFormat(MediaTypeRegistry.TEXT_PLAIN);
            exchange.sendResponse(bad);
            return;
        }
        CoapEnvelope envelope = classes.entering(EnvelopeMapping.fromRequest(request, PeerIdentity.of(request)),
                askedClass);
        boolean relay = (target instanceof RemoteTarget.Resource || target instanceof RemoteTarget.AnyReplica)
                && exchange.getRelation() != null
                && envelope.observe() == 0;
        if (!relay && envelope.observe() != CoapEnvelope.ABSENT) {
            envelope = envelope.toBuilder().observe(CoapEnvelope.ABSENT).build();
        }
        RelayedNotifications order = new RelayedNotifications();
        AtomicBoolean ended = new AtomicBoolean();
        CancellableExchange remote = node.submit(target, envelope,
                answer -> deliver(exchange, answer, order, ended));
        if (relay && !ended.get()) {
            relays.put(exchange, remote);
            if (ended.get()) {
                relays.remove(exchange);
            }
        }
    }

    /**
     * Synchronized on the relation's order: the gateway's delivery workers may hand over two notifications of one
     * relation at once, and a number taken by one thread but sent after the next one's would reach the client as an
     * older notification, which it drops (RFC 7641 section 3.4).
     */
    private void deliver(Exchange exchange, CoapEnvelope answer, RelayedNotifications order, AtomicBoolean ended) {
        synchronized (order) {
            deliverInOrder(exchange, answer, order, ended);
        }
    }

    private void deliverInOrder(Exchange exchange, CoapEnvelope answer, RelayedNotifications order,
            AtomicBoolean ended) {
        Response response = EnvelopeMapping.toResponse(answer);
        ObserveRelation relation = exchange.getRelation();
        boolean notification = relation != null && !relation.isCanceled() && response.isSuccess()
                && answer.observe() != CoapEnvelope.ABSENT;
        if (notification) {
            if (!order.accept(answer.observe(), System.nanoTime())) {
                // overtaken on the way by a newer one, which the client already has
                return;
            }
            response.getOptions().setObserve(order.nextNumber());
        } else {
            response.getOptions().removeObserve();
            ended.set(true);
            relays.remove(exchange);
        }
        checkObserveRelation(exchange, response);
        exchange.sendResponse(response);
    }

    /** Keeps the relayed sequence number (the default would put the resource's own, which never changes). */
    @Override
    public void checkObserveRelation(Exchange exchange, Response response) {
        ObserveRelation relation = exchange.getRelation();
        if (relation != null && !relation.isCanceled() && response.isSuccess() && response.getOptions().hasObserve()
                && !relation.isEstablished()) {
            relation.setEstablished();
            addObserveRelation(relation);
        }
    }

    /** The client ended the relation (cancel, RST, or a lapsed notification): end the remote one too. */
    @Override
    public void removeObserveRelation(ObserveRelation relation) {
        super.removeObserveRelation(relation);
        CancellableExchange remote = relays.remove(relation.getExchange());
        if (remote != null) {
            remote.cancel();
        }
    }

    /** Ends every relayed relation (the component stops). */
    public void close() {
        relays.values().forEach(CancellableExchange::cancel);
        relays.clear();
        clearAndNotifyObserveRelations(ResponseCode.SERVICE_UNAVAILABLE);
    }
}
