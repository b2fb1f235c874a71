package io.coaptree.server.core;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.Exchange;
import org.eclipse.californium.core.server.MessageDeliverer;

/**
 * Refuses a non-confirmable request whose answer could not be numbered, before anything executes it. Its answer,
 * whatever it is (2.05, 4.01, 4.04), is a NON message and takes one of the server's message IDs
 * ({@link LeasedMessageIds}); when none is free towards the client, the request is rejected with a Reset, which
 * carries the request's own ID (RFC 7252 section 4.3), so the client learns at once that it was refused.
 * <p>
 * Why not leave it to the answer: the request would run with nobody to hear the outcome, and Californium 3.14, failing
 * a separate answer for want of an ID, completes its exchange twice and logs a stack trace per message: a client
 * sending fast would fill the log. A confirmable request is let through: its answer rides on the ACK with the
 * request's ID. An answer can still be refused at sending when another message to the same client took the last free
 * ID in between; that is rare and counted the same way.
 */
final class MessageIdAdmission implements MessageDeliverer {

    private final MessageDeliverer next;
    private final LeasedMessageIds messageIds;

    MessageIdAdmission(MessageDeliverer next, LeasedMessageIds messageIds) {
        this.next = next;
        this.messageIds = messageIds;
    }

    @Override
    public void deliverRequest(Exchange exchange) {
        Request request = exchange.getRequest();
        if (!request.isConfirmable() && !messageIds.canNumber(request.getSourceContext().getPeerAddress())) {
            exchange.sendReject();
            return;
        }
        next.deliverRequest(exchange);
    }

    @Override
    public void deliverResponse(Exchange exchange, Response response) {
        next.deliverResponse(exchange, response);
    }
}
