package io.coaptree.remotequery.coap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;

import org.eclipse.californium.core.coap.MessageObserver;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.coap.Token;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.AddressEndpointContext;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.api.PeerIdentity;

/**
 * A {@link LocalCoapExecutor} for servers without {@code CoAPServer.execute}: one client endpoint on the loopback
 * interface sends the request to the server's own port. The caller's identity cannot cross that hop, so the
 * server sees an anonymous peer (reads work; writes that need DTLS are refused).
 */
public final class LoopbackCoapExecutor implements LocalCoapExecutor, AutoCloseable {

    private final CoapEndpoint endpoint;
    private final SecureRandom random = new SecureRandom();
    /** Observe registrations by token: notifications reach the endpoint's notification listener, not the request. */
    private final Map<Token, Request> observations = new ConcurrentHashMap<>();
    private final InetAddress loopback = InetAddress.getLoopbackAddress();
    private final IntSupplier serverPort;

    /** @param serverPort the server's current port (read per request: a re-bind may change it) */
    public LoopbackCoapExecutor(IntSupplier serverPort) throws IOException {
        this.serverPort = serverPort;
        CoapConfig.register();
        UdpConfig.register();
        Configuration configuration = Configuration.createStandardWithoutFile();
        this.endpoint = new CoapEndpoint.Builder().setInetSocketAddress(new InetSocketAddress(loopback, 0))
                .setConfiguration(configuration).build();
        endpoint.addNotificationListener((request, response) -> {
            Request registration = observations.get(response.getToken());
            if (registration != null && !registration.isCanceled()) {
                for (MessageObserver observer : registration.getMessageObservers()) {
                    observer.onResponse(response);
                }
            }
        });
        endpoint.start();
    }

    @Override
    public CompletionStage<Response> execute(Request request, PeerIdentity caller) {
        CompletableFuture<Response> first = new CompletableFuture<>();
        request.addMessageObserver(new MessageObserverAdapter() {
            @Override
            public void onResponse(Response response) {
                first.complete(response);
            }

            @Override
            public void onTimeout() {
                first.completeExceptionally(new TimeoutException("no answer from the local server"));
            }

            @Override
            public void onReject() {
                first.completeExceptionally(new IOException("the local server rejected the request"));
            }

            @Override
            public void onCancel() {
                observations.remove(request.getToken());
                first.completeExceptionally(new IOException("cancelled"));
            }

            @Override
            public void onSendError(Throwable error) {
                first.completeExceptionally(error);
            }
        });
        if (request.isObserve()) {
            byte[] token = new byte[8];
            random.nextBytes(token);
            request.setToken(new Token(token));
            observations.put(request.getToken(), request);
        }
        request.setDestinationContext(new AddressEndpointContext(new InetSocketAddress(loopback, serverPort.getAsInt())));
        endpoint.sendRequest(request);
        return first;
    }

    @Override
    public void close() {
        endpoint.destroy();
    }
}
