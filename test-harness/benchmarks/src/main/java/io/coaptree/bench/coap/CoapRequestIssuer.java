package io.coaptree.bench.coap;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.AddressEndpointContext;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;

import io.coaptree.bench.load.RequestIssuer;

/**
 * CoAP clients for the {@link io.coaptree.bench.load.LoadEngine}: each client is its own Californium endpoint
 * on its own loopback UDP port (as separate devices would be), all sharing two small thread pools so a few
 * dozen clients do not cost a few hundred threads in the load generator.
 * <p>
 * A Californium endpoint gives out at most 65536 message IDs per peer within one exchange lifetime (247 s by
 * default), so a client refuses requests beyond {@link #MAX_REQUESTS_PER_CLIENT} (counted as the failure
 * "client request limit"); spread large budgets over more clients.
 */
public final class CoapRequestIssuer implements RequestIssuer {

    public static final int MAX_REQUESTS_PER_CLIENT = 60_000;

    private final InetSocketAddress server;
    private final IntFunction<Request> requests;
    private final List<CoapEndpoint> endpoints = new ArrayList<>();
    private final AtomicIntegerArray sent;
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;

    private CoapRequestIssuer(InetSocketAddress server, int clients, IntFunction<Request> requests) {
        this.server = server;
        this.requests = requests;
        this.sent = new AtomicIntegerArray(clients);
        this.mainExecutor = ExecutorsUtil.newScheduledThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                new NamedThreadFactory("bench-coap-client#"));
        this.secondaryExecutor = ExecutorsUtil.newDefaultSecondaryScheduler("bench-coap-timer#");
        Configuration config = clientConfiguration();
        try {
            for (int i = 0; i < clients; i++) {
                CoapEndpoint endpoint = CoapEndpoint.builder()
                        .setConfiguration(config)
                        .setInetSocketAddress(new InetSocketAddress(server.getAddress(), 0))
                        .build();
                endpoint.setExecutors(mainExecutor, secondaryExecutor);
                endpoint.start();
                endpoints.add(endpoint);
            }
        } catch (Exception e) {
            close();
            throw new IllegalStateException("cannot start CoAP client endpoints: " + e.getMessage(), e);
        }
    }

    /**
     * Opens {@code clients} CoAP clients towards {@code host:port}.
     *
     * @param requests makes a fresh request (method, path, options, payload) each time; the issuer sets the
     *                 destination. Californium requests are single-use.
     */
    public static CoapRequestIssuer open(String host, int port, int clients, Supplier<Request> requests) {
        return open(host, port, clients, client -> requests.get());
    }

    /**
     * Opens {@code clients} CoAP clients whose requests depend on the client sending them (a device's own resource,
     * its own payload).
     *
     * @param requests makes a fresh request for a client number (0 .. clients-1)
     */
    public static CoapRequestIssuer open(String host, int port, int clients, IntFunction<Request> requests) {
        try {
            return new CoapRequestIssuer(new InetSocketAddress(InetAddress.getByName(host), port), clients, requests);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("host: unknown host " + host, e);
        }
    }

    /** A GET of {@code path} (e.g. "temperature" or "a/b"). */
    public static Supplier<Request> get(String path) {
        return () -> {
            Request request = Request.newGet();
            request.getOptions().setUriPath(path);
            return request;
        };
    }

    /** The client side of the load generator: one socket thread each way, retransmissions within the request timeout. */
    public static Configuration clientConfiguration() {
        CoapConfig.register();
        UdpConfig.register();
        Configuration config = Configuration.createStandardWithoutFile();
        // one socket thread each way per client is plenty on loopback
        config.set(UdpConfig.UDP_RECEIVER_THREAD_COUNT, 1);
        config.set(UdpConfig.UDP_SENDER_THREAD_COUNT, 1);
        // the engine enforces its own request timeout; keep Californium's retransmissions from outliving it
        config.set(CoapConfig.ACK_TIMEOUT, 2, TimeUnit.SECONDS);
        config.set(CoapConfig.MAX_RETRANSMIT, 2);
        return config;
    }

    @Override
    public int clients() {
        return endpoints.size();
    }

    @Override
    public Cancellable issue(int client, Outcome outcome) {
        if (sent.incrementAndGet(client) > MAX_REQUESTS_PER_CLIENT) {
            // beyond this, Californium would reuse message IDs the server still remembers: answers would be wrong
            outcome.failed("client request limit");
            return Cancellable.NONE;
        }
        Request request = requests.apply(client);
        request.setDestinationContext(new AddressEndpointContext(server));
        request.addMessageObserver(new OutcomeObserver(outcome));
        endpoints.get(client).sendRequest(request);
        return request::cancel;
    }

    @Override
    public void close() {
        for (CoapEndpoint endpoint : endpoints) {
            endpoint.destroy();
        }
        endpoints.clear();
        ExecutorsUtil.shutdownExecutorGracefully(500, mainExecutor, secondaryExecutor);
    }
}
