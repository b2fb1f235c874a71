package io.coaptree.rd.coap;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.PeerIdentity;
import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.options.LookupAccess;
import io.coaptree.rd.store.InvalidRequestException;

/**
 * {@code /rd-lookup/ep} (rt=core.rd-lookup-ep) and {@code /rd-lookup/res} (rt=core.rd-lookup-res): RFC 9176
 * section 6, observable. An empty result is 2.05 with an empty payload. Registrations with a link-local base are
 * in the results only for requesters on their link (sections 6.1 and 6.4): the requester's address goes to the
 * lookup, which asks for its link only if it meets such a registration. Notifications are answered for each
 * observer's own address, so each sees what its own GET would.
 */
final class LookupResource extends ExtendedResource {

    static final String PARENT = "rd-lookup";

    /** The two lookup types. */
    enum Kind {
        ENDPOINT("ep", "core.rd-lookup-ep"), RESOURCE("res", "core.rd-lookup-res");

        final String name;
        final String resourceType;

        Kind(String name, String resourceType) {
            this.name = name;
            this.resourceType = resourceType;
        }
    }

    private final DirectoryContext context;
    private final Kind kind;

    LookupResource(DirectoryContext context, Kind kind) {
        super(kind.name);
        this.context = context;
        this.kind = kind;
        getAttributes().addResourceType(kind.resourceType);
        getAttributes().addContentType(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        setObservable(true);
        getAttributes().setObservable();
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        try {
            checkAccess(exchange);
            List<Link> results = lookup(exchange.getRequestOptions().getUriQuery(), origin(exchange));
            byte[] payload = LinkFormatSerializer.serialize(results).getBytes(StandardCharsets.UTF_8);
            if (payload.length > context.options().lookupPayloadMaxBytes()) {
                throw new RefusedRequestException(ResponseCode.SERVICE_UNAVAILABLE, "the result has "
                        + results.size() + " links (" + payload.length + " bytes), more than lookup.payload.max.bytes ("
                        + context.options().lookupPayloadMaxBytes() + "); narrow the query or use page and count");
            }
            Response response = new Response(ResponseCode.CONTENT);
            response.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            response.setPayload(payload);
            exchange.respond(response);
        } catch (RefusedRequestException e) {
            e.respondTo(exchange);
        }
    }

    private void checkAccess(CoapExchange exchange) throws RefusedRequestException {
        if (context.options().lookupAccess() == LookupAccess.AUTHENTICATED && PeerIdentity.of(exchange).isEmpty()) {
            throw new RefusedRequestException(ResponseCode.UNAUTHORIZED,
                    "lookups need an authenticated (DTLS) connection on this directory");
        }
        if (exchange.getRequestOptions().hasAccept()
                && exchange.getRequestOptions().getAccept() != MediaTypeRegistry.APPLICATION_LINK_FORMAT) {
            throw new RefusedRequestException(ResponseCode.NOT_ACCEPTABLE, "Accept "
                    + exchange.getRequestOptions().getAccept() + " cannot be served: lookups are application/link-format (40)");
        }
    }

    private LookupOrigin origin(CoapExchange exchange) {
        InetAddress requester = exchange.getSourceAddress();
        return LookupOrigin.resolvedBy(() -> context.peerLinks().linkOf(requester));
    }

    private List<Link> lookup(List<String> uriQuery, LookupOrigin origin) throws RefusedRequestException {
        LookupQuery query;
        try {
            query = LookupQuery.fromUriQuery(uriQuery);
        } catch (InvalidRequestException e) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, e.getMessage());
        }
        return kind == Kind.ENDPOINT ? context.directory().endpoints(query, origin)
                : context.directory().resources(query, origin);
    }
}
