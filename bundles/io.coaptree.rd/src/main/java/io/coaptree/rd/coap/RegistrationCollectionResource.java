package io.coaptree.rd.coap;

import java.util.List;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.core.server.resources.Resource;

import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;

/**
 * {@code /rd} (rt=core.rd): registration by POST (RFC 9176 section 5.3). Registration resources {@code /rd/{id}}
 * are not children in the tree: one {@link RegistrationResource} serves every id, so a registration costs no
 * resource object, and they stay out of {@code /.well-known/core}.
 */
final class RegistrationCollectionResource extends ExtendedResource {

    static final String NAME = "rd";
    static final String RESOURCE_TYPE = "core.rd";

    private final DirectoryContext context;
    private final RegistrationResource registrations;

    RegistrationCollectionResource(DirectoryContext context) {
        super(NAME);
        this.context = context;
        this.registrations = new RegistrationResource(context);
        getAttributes().addResourceType(RESOURCE_TYPE);
        getAttributes().addContentType(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
    }

    @Override
    public Resource getChild(String name) {
        return registrations;
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        try {
            Registrant registrant = context.registrant(exchange);
            RegistrationRequest.Builder request = context.registrationQuery(exchange.getRequestOptions().getUriQuery(),
                    registrant);
            List<Link> links = context.payload().read(exchange.getRequestOptions(), exchange.getRequestPayload());
            StoreResult result = context.directory().register(request.links(links)
                    .sourceAddress(registrant.sourceUri()).identity(registrant.identity()).build());
            respond(exchange, result);
        } catch (RefusedRequestException e) {
            e.respondTo(exchange);
        }
    }

    private void respond(CoapExchange exchange, StoreResult result) {
        if (!result.isSuccess()) {
            context.respondFailure(exchange, result);
            return;
        }
        Response response = new Response(ResponseCode.CREATED);
        // two segments as they are: setLocationPath would split a string it was just given joined
        response.getOptions().addLocationPath(NAME).addLocationPath(result.registration().get().id());
        exchange.respond(response);
    }
}
