package io.coaptree.remotequery.coap;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeoutException;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.api.RequestOrigin;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.node.LocalExecutor;
import io.coaptree.remotequery.node.ResponseSink;

/**
 * The remote-query engine's {@link LocalExecutor} on the gateway's CoAP server: the envelope becomes a Californium
 * request run with the envelope's caller identity, and every response (each notification of an Observe
 * registration) goes back as an envelope.
 */
public final class ServerLocalExecutor implements LocalExecutor {

    private final String self;
    private final LocalCoapExecutor server;
    private final QueryClasses classes;

    /** Every answer normal. */
    public ServerLocalExecutor(String self, LocalCoapExecutor server) {
        this(self, server, QueryClasses.allNormal());
    }

    /**
     * @param self this gateway's tree address (callers it authenticated itself run as its own peers)
     * @param classes which answers travel as urgent
     */
    public ServerLocalExecutor(String self, LocalCoapExecutor server, QueryClasses classes) {
        this.self = self;
        this.server = server;
        this.classes = classes;
    }

    @Override
    public CancellableExchange execute(CoapEnvelope envelope, ResponseSink answers) {
        boolean urgent = classes.urgentAnswers(envelope);
        ResponseSink sink = urgent ? answer -> answers.accept(answer.toBuilder().urgent(true).build()) : answers;
        Request request = EnvelopeMapping.toRequest(envelope);
        boolean observe = envelope.observe() == 0;
        if (observe) {
            // Every response of the relation, the first included, arrives here.
            request.addMessageObserver(new MessageObserverAdapter() {
                private Response last;

                @Override
                public synchronized void onResponse(Response response) {
                    // A notification may be reported by the request and by the endpoint's notification listener.
                    if (response != last) {
                        last = response;
                        sink.accept(EnvelopeMapping.fromResponse(response));
                    }
                }
            });
        }
        // Tree traffic keeps the server's reserved capacity; a request for a caller anonymous where it entered is
        // anonymous work here too, so that anonymous callers cannot take that capacity by way of another gateway.
        RequestOrigin origin = RequestOrigin.tree(envelope.sourceNode(), envelope.identity() == null);
        server.execute(request, EnvelopeMapping.callerOf(envelope, self), origin).whenComplete((response, error) -> {
            if (error != null) {
                boolean timeout = error instanceof TimeoutException || error.getCause() instanceof TimeoutException;
                sink.accept(CoapEnvelope.builder(EnvelopeKind.RESPONSE,
                        (timeout ? ResponseCode.GATEWAY_TIMEOUT : ResponseCode.SERVICE_UNAVAILABLE).value)
                        .contentFormat(MediaTypeRegistry.TEXT_PLAIN)
                        .payload(("local execution failed: " + error.getMessage()).getBytes(StandardCharsets.UTF_8))
                        .build());
            } else if (!observe) {
                sink.accept(EnvelopeMapping.fromResponse(response));
            }
        });
        return observe ? request::cancel : CancellableExchange.NONE;
    }
}
