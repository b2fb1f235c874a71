package io.coaptree.server.core;

import java.util.function.Supplier;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.server.capacity.ServerCapacity;
import io.coaptree.server.messageid.MessageIdAllocator;

/**
 * {@code GET /server-stats}: what this gateway's CoAP server refused and holds, as JSON:
 * {@code {"capacity":{"refused":{"requests":{...},"relations":{...}},"in-use":{...}},"message-id-refused":0}}
 * (see {@link ServerCapacity#json()}). Counts start with the server. Hidden from {@code /.well-known/core}, so the
 * Resource Directory does not carry it up the tree; reads go through the access policy like any resource's.
 */
final class ServerStatsResource extends CoapResource {

    static final String NAME = "server-stats";

    private final ServerCapacity capacity;
    private final Supplier<MessageIdAllocator.Refusals> messageIdRefusals;

    ServerStatsResource(ServerCapacity capacity, Supplier<MessageIdAllocator.Refusals> messageIdRefusals) {
        super(NAME, false);
        this.capacity = capacity;
        this.messageIdRefusals = messageIdRefusals;
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.respond(ResponseCode.CONTENT, "{\"capacity\":" + capacity.json() + ",\"message-id-refused\":"
                + messageIdRefusals.get().total() + "}", MediaTypeRegistry.APPLICATION_JSON);
    }
}
