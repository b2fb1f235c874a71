package io.coaptree.rd.coap;

import java.util.List;
import java.util.Optional;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.core.server.resources.Resource;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;

/**
 * Every registration resource {@code /rd/{id}}: update by POST (RFC 9176 section 5.3.1) and removal by DELETE
 * (section 5.3.2). The id is the last Uri-Path segment; an unknown or expired id is 4.04.
 */
final class RegistrationResource extends CoapResource {

    private final DirectoryContext context;

    RegistrationResource(DirectoryContext context) {
        super("registration", false);
        this.context = context;
    }

    @Override
    public Resource getChild(String name) {
        // /rd/{id}/anything does not exist
        return null;
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        try {
            Registrant registrant = context.registrant(exchange);
            UpdateRequest.Builder update;
            try {
                update = UpdateRequest.fromUriQuery(exchange.getRequestOptions().getUriQuery());
            } catch (InvalidRequestException e) {
                throw new RefusedRequestException(ResponseCode.BAD_REQUEST, e.getMessage());
            }
            // RFC 9176 section 5.3.1: a new base is subject to the same restrictions as in the registration
            Optional<String> base = update.base();
            if (base.isPresent()) {
                update.base(registrant.scopedBase(base.get()));
            }
            byte[] payload = exchange.getRequestPayload();
            List<Link> links = context.payload().read(exchange.getRequestOptions(), payload);
            if (payload != null && payload.length > 0) {
                // an update normally has no payload and keeps the links; one with links replaces them
                update.links(links);
            }
            StoreResult result = context.directory().update(id(exchange),
                    update.sourceAddress(registrant.sourceUri()).identity(registrant.identity()).build());
            if (result.isSuccess()) {
                exchange.respond(ResponseCode.CHANGED);
            } else {
                context.respondFailure(exchange, result);
            }
        } catch (RefusedRequestException e) {
            e.respondTo(exchange);
        }
    }

    @Override
    public void handleDELETE(CoapExchange exchange) {
        StoreResult result = context.directory().remove(id(exchange), context.registrant(exchange).identity());
        if (result.isSuccess()) {
            exchange.respond(ResponseCode.DELETED);
        } else {
            context.respondFailure(exchange, result);
        }
    }

    private static String id(CoapExchange exchange) {
        List<String> path = exchange.getRequestOptions().getUriPath();
        return path.get(path.size() - 1);
    }
}
