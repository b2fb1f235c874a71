package io.coaptree.rd.coap;

import java.net.InetAddress;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.rd.lookup.LookupKind;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;

/**
 * {@code /rd-lookup/ep} (rt=core.rd-lookup-ep) and {@code /rd-lookup/res} (rt=core.rd-lookup-res): RFC 9176
 * section 6, observable. The request becomes a {@link LookupRequest} that the running directory answers
 * ({@code LocalDirectory.lookup}, where the lookup settings are applied, as for callers of the Java service); this
 * resource only maps the outcome to a response. An empty result is 2.05 with an empty payload. Registrations with a
 * link-local base are in the results only for requesters on their link (sections 6.1 and 6.4): the requester's address
 * goes to the lookup, which asks for its link only if it meets such a registration. Notifications are answered for
 * each observer's own address and identity, so each sees what its own GET would.
 */
final class LookupResource extends ExtendedResource {

    private final DirectoryContext context;
    private final LookupKind kind;

    LookupResource(DirectoryContext context, LookupKind kind) {
        super(kind.segment());
        this.context = context;
        this.kind = kind;
        getAttributes().addResourceType(kind.resourceType());
        getAttributes().addContentType(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        setObservable(true);
        getAttributes().setObservable();
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        int accept = exchange.getRequestOptions().hasAccept() ? exchange.getRequestOptions().getAccept()
                : LookupRequest.ANY;
        LookupResult result = context.directory().lookup(new LookupRequest(kind,
                exchange.getRequestOptions().getUriQuery(), accept,
                PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse(null), origin(exchange)));
        if (!result.isSuccess()) {
            exchange.respond(code(result.outcome()), result.diagnostic());
            return;
        }
        Response response = new Response(ResponseCode.CONTENT);
        response.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        response.setPayload(result.payload());
        exchange.respond(response);
    }

    private static ResponseCode code(LookupResult.Outcome refusal) {
        return switch (refusal) {
            case CONTENT -> ResponseCode.CONTENT;
            case BAD_REQUEST -> ResponseCode.BAD_REQUEST;
            case UNAUTHENTICATED -> ResponseCode.UNAUTHORIZED;
            case NOT_ACCEPTABLE -> ResponseCode.NOT_ACCEPTABLE;
            case TOO_LARGE -> ResponseCode.SERVICE_UNAVAILABLE;
        };
    }

    private LookupOrigin origin(CoapExchange exchange) {
        InetAddress requester = exchange.getSourceAddress();
        return LookupOrigin.resolvedBy(() -> context.peerLinks().linkOf(requester));
    }
}
