package io.coaptree.remotequery.coap;

import java.util.concurrent.CompletionStage;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;

/**
 * Runs a request against this gateway's own CoAP server as if {@code caller} had sent it (the signature of
 * {@code CoAPServer.execute}, with where the request came from, by which the server shares its capacity). The stage completes with the first response; an Observe registration's later
 * notifications reach the {@link org.eclipse.californium.core.coap.MessageObserver}s added to the request, until
 * the request is cancelled.
 */
@FunctionalInterface
public interface LocalCoapExecutor {

    CompletionStage<Response> execute(Request request, PeerIdentity caller, RequestOrigin origin);
}
