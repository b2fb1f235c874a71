package io.coaptree.remotequery.coap;

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
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.observe.ObserveRelays.ClientRelay;
import io.coaptree.remotequery.routing.InvalidTreeUriException;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.TreeUri;

/**
 * {@code /tree/...} or {@code /tree-lookup/...} on the gateway's CoAP server: one resource object answers every
 * path below its name (it is its own child), hands the request to the remote-query engine with the caller's DTLS
 * identity and sends the answer back on the client's exchange. For {@code /tree} an Observe registration becomes a
 * relayed relation, kept in the engine's {@link ObserveRelays}: each notification from the owning gateway is sent on
 * the client's exchange with this resource's own sequence numbers, unless a newer one overtook it on the way, and
 * the remote relation ends when the client's does. Hidden from
 * {@code /.well-known/core} (and so from the RD): the tree's resources are found through {@code /tree-lookup}.
 */
public final class TreeResource extends ExtendedResource {

    private final RemoteQueryNode node;
    private final QueryClasses classes;
    private final ObserveRelays relays;

    /** Every request normal. */
    public TreeResource(String name, RemoteQueryNode node) {
        this(name, node, QueryClasses.allNormal());
    }

    /** @param classes the class a request to {@code /tree} asks for ({@code dc=}) or takes by default */
    public TreeResource(String name, RemoteQueryNode node, QueryClasses classes) {
        super(name, false);
        this.node = node;
        this.classes = classes;
        this.relays = node.observeRelays();
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
        CoapEnvelope envelope = classes.entering(EnvelopeMapping.fromRequest(request, PeerIdentity.of(request), node.self().text()),
                askedClass);
        boolean relay = (target instanceof RemoteTarget.Resource || target instanceof RemoteTarget.AnyReplica)
                && exchange.getRelation() != null
                && envelope.observe() == 0;
        if (!relay && envelope.observe() != CoapEnvelope.ABSENT) {
            envelope = envelope.toBuilder().observe(CoapEnvelope.ABSENT).build();
        }
        ClientRelay clientRelay = relays.clientRelay(exchange);
        CancellableExchange remote = node.submit(target, envelope, answer -> deliver(exchange, answer, clientRelay));
        if (relay) {
            clientRelay.relaying(remote);
        }
    }

    /**
     * Synchronized on the client's relay: the gateway's delivery workers may hand over two notifications of one
     * relation at once, and a number taken by one thread but sent after the next one's would reach the client as an
     * older notification, which it drops (RFC 7641 section 3.4).
     */
    private void deliver(Exchange exchange, CoapEnvelope answer, ClientRelay clientRelay) {
        synchronized (clientRelay) {
            Response response = EnvelopeMapping.toResponse(answer);
            ObserveRelation relation = exchange.getRelation();
            boolean notification = relation != null && !relation.isCanceled() && response.isSuccess()
                    && answer.observe() != CoapEnvelope.ABSENT;
            if (notification) {
                int number = clientRelay.numberFor(answer.observe(), System.nanoTime());
                if (number == ClientRelay.OVERTAKEN) {
                    return; // a newer one, which the client already has, overtook it on the way
                }
                response.getOptions().setObserve(number);
            } else {
                response.getOptions().removeObserve();
                clientRelay.ended();
            }
            checkObserveRelation(exchange, response);
            exchange.sendResponse(response);
        }
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
        relays.clientEnded(relation.getExchange());
    }

    /** Ends every relayed relation (the component stops). */
    public void close() {
        relays.endClientRelations();
        clearAndNotifyObserveRelations(ResponseCode.SERVICE_UNAVAILABLE);
    }
}
