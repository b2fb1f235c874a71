package io.coaptree.bench.dtls;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.AddressEndpointContext;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedSinglePskStore;

import io.coaptree.bench.coap.OutcomeObserver;
import io.coaptree.bench.load.RequestIssuer;

/**
 * DTLS (PSK) clients for the load engine, each a Scandium connector on its own UDP port. What a request costs in
 * handshakes depends on the {@link Mode}.
 */
public final class DtlsRequestIssuer implements RequestIssuer {

    /** How the clients treat their DTLS session. */
    public enum Mode {
        /** One session per client, kept: requests after the first need no handshake. */
        ESTABLISHED,
        /** Every request from a brand-new client (new port, new connector): a full handshake each. */
        FRESH_CLIENT,
        /**
         * The client keeps its session but resumes it before every request: an abbreviated handshake each (a
         * client's very first request is a full handshake, see {@link DtlsRequestIssuer#establishSessions}).
         */
        RESUMED
    }

    private final InetSocketAddress server;
    private final Mode mode;
    private final IntFunction<Request> requests;
    private final String identity;
    private final byte[] key;
    private final Configuration config;
    private final AtomicReferenceArray<Client> clients;
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;
    private final AtomicLong handshakes = new AtomicLong();

    private record Client(DTLSConnector connector, CoapEndpoint endpoint) {
    }

    public DtlsRequestIssuer(InetSocketAddress server, int clients, Mode mode, String identity, String key) {
        this(server, clients, mode, identity, key, client -> {
            Request request = Request.newGet();
            request.getOptions().setUriPath(DtlsTarget.PATH);
            return request;
        });
    }

    /** @param requests makes a fresh request for a client number; the issuer sets the destination */
    public DtlsRequestIssuer(InetSocketAddress server, int clients, Mode mode, String identity, String key,
            IntFunction<Request> requests) {
        this.server = server;
        this.requests = requests;
        this.mode = mode;
        this.identity = identity;
        this.key = key.getBytes(StandardCharsets.UTF_8);
        this.config = configuration();
        this.clients = new AtomicReferenceArray<>(clients);
        this.mainExecutor = ExecutorsUtil.newScheduledThreadPool(2, new NamedThreadFactory("bench-dtls-client#"));
        this.secondaryExecutor = ExecutorsUtil.newDefaultSecondaryScheduler("bench-dtls-timer#");
    }

    private static Configuration configuration() {
        CoapConfig.register();
        UdpConfig.register();
        DtlsConfig.register();
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(DtlsConfig.DTLS_ROLE, DtlsRole.CLIENT_ONLY);
        config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, 1);
        config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, 1);
        config.set(DtlsConfig.DTLS_MAX_CONNECTIONS, 16);
        config.set(CoapConfig.ACK_TIMEOUT, 2, TimeUnit.SECONDS);
        config.set(CoapConfig.MAX_RETRANSMIT, 2);
        // a response may arrive in the epoch of a handshake that resumed the session after the request was sent
        config.set(CoapConfig.RESPONSE_MATCHING, org.eclipse.californium.core.config.CoapConfig.MatcherMode.RELAXED);
        return config;
    }

    /** @return handshakes (full or abbreviated) the clients started */
    public long handshakes() {
        return handshakes.get();
    }

    @Override
    public int clients() {
        return clients.length();
    }

    /**
     * Gives every client its session (one full handshake and one GET each, not measured), so that a measured step
     * costs exactly what its {@link Mode} says from its first request on.
     *
     * @throws IllegalStateException if a client gets no answer within {@code timeout}
     */
    public void establishSessions(Duration timeout) throws InterruptedException {
        for (int index = 0; index < clients.length(); index++) {
            if (clients.get(index) != null) {
                continue;
            }
            Client client = open();
            clients.set(index, client);
            handshakes.incrementAndGet();
            Request request = newRequest(index);
            client.endpoint().sendRequest(request);
            Response response = request.waitForResponse(timeout.toMillis());
            if (response == null || !response.isSuccess()) {
                throw new IllegalStateException("client " + index + " got no session with " + server + ": "
                        + (response == null ? "no answer within " + timeout : response.getCode()));
            }
        }
    }

    private Request newRequest(int client) {
        Request request = requests.apply(client);
        request.setDestinationContext(new AddressEndpointContext(server));
        return request;
    }

    @Override
    public Cancellable issue(int index, Outcome outcome) {
        Client client = clients.get(index);
        if (client == null || mode == Mode.FRESH_CLIENT) {
            if (client != null) {
                client.endpoint().destroy();
            }
            client = open();
            clients.set(index, client);
            handshakes.incrementAndGet();
        } else if (mode == Mode.RESUMED) {
            // synchronous: marks the established session, the request below then starts the abbreviated handshake
            client.connector().forceResumeSessionFor(server);
            handshakes.incrementAndGet();
        }
        Request request = newRequest(index);
        request.addMessageObserver(new OutcomeObserver(outcome));
        client.endpoint().sendRequest(request);
        return request::cancel;
    }

    private Client open() {
        DTLSConnector connector = new DTLSConnector(DtlsConnectorConfig.builder(config)
                .setAddress(new InetSocketAddress(server.getAddress(), 0))
                .setAdvancedPskStore(new AdvancedSinglePskStore(identity, key)).build());
        CoapEndpoint endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
        endpoint.setExecutors(mainExecutor, secondaryExecutor);
        try {
            endpoint.start();
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot start a DTLS client: " + e.getMessage(), e);
        }
        return new Client(connector, endpoint);
    }

    @Override
    public void close() {
        for (int i = 0; i < clients.length(); i++) {
            Client client = clients.getAndSet(i, null);
            if (client != null) {
                client.endpoint().destroy();
            }
        }
        ExecutorsUtil.shutdownExecutorGracefully(500, mainExecutor, secondaryExecutor);
    }
}
