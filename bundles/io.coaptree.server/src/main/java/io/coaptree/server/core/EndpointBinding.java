package io.coaptree.server.core;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.network.InMemoryMessageExchangeStore;
import org.eclipse.californium.core.network.RandomTokenGenerator;
import org.eclipse.californium.core.network.TokenGenerator;
import org.eclipse.californium.core.observe.ObserveRelation;
import org.eclipse.californium.elements.Connector;
import org.eclipse.californium.elements.UDPConnector;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.server.access.AccessCheckingDeliverer;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

/**
 * One endpoint of the server (plain UDP or DTLS) with the threads that serve it. Its deliverer refuses a NON request
 * whose answer could get no message ID, then admits the request by class ({@link NetworkCapacity}), then enforces the
 * access policy; its message IDs come from the server's one
 * provider. Each configuration gets its own binding, so that a new one can be started (and fail) while the previous
 * one still serves; its deliverer carries that configuration's observe limits.
 */
final class EndpointBinding {

    /** The server's logger: what it says of an endpoint belongs with the rest of the server's lines. */
    private static final Logger LOG = LoggerFactory.getLogger(GatewayCoapServer.class);

    private final CoapServer server;
    private final CoapEndpoint endpoint;
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;

    /** A plain UDP endpoint. */
    EndpointBinding(CoapServer server, ServerOptions options, Supplier<AccessPolicy> policy,
            LeasedMessageIds messageIds, NetworkCapacity capacity, InetSocketAddress address) {
        this(server, options, CaliforniumSettings.configurationFor(options), policy, messageIds, capacity,
                builder -> builder.setInetSocketAddress(address), "CoapTree");
    }

    /** An endpoint over another connector (DTLS); {@code config} is the one the connector was built with. */
    EndpointBinding(CoapServer server, ServerOptions options, Configuration config, Supplier<AccessPolicy> policy,
            LeasedMessageIds messageIds, NetworkCapacity capacity, Connector connector) {
        this(server, options, config, policy, messageIds, capacity, builder -> builder.setConnector(connector),
                "CoapTreeSecure");
    }

    private EndpointBinding(CoapServer server, ServerOptions options, Configuration config,
            Supplier<AccessPolicy> policy, LeasedMessageIds messageIds, NetworkCapacity capacity,
            Consumer<CoapEndpoint.Builder> transport,
            String threadPrefix) {
        this.server = server;
        // Californium's builder would make this store with its own message ID provider; the server's outlives the
        // endpoint and leases IDs for RFC 7252's exchange lifetime (LeasedMessageIds says why)
        TokenGenerator tokens = new RandomTokenGenerator(config);
        InMemoryMessageExchangeStore exchanges = new InMemoryMessageExchangeStore(config, tokens);
        exchanges.setMessageIdProvider(messageIds);
        CoapEndpoint.Builder builder = new CoapEndpoint.Builder().setConfiguration(config).setTokenGenerator(tokens)
                .setMessageExchangeStore(exchanges);
        transport.accept(builder);
        this.endpoint = builder.build();
        this.mainExecutor = ExecutorsUtil.newScheduledThreadPool(options.protocolThreads(),
                new NamedThreadFactory(threadPrefix + "#"));
        this.secondaryExecutor = ExecutorsUtil.newDefaultSecondaryScheduler(threadPrefix + "(secondary)#");
        server.addEndpoint(endpoint);
        // a request that could not be answered is rejected before it takes capacity; one that takes none is refused
        // before the access check (whose 4.01 is an answer like any other, and releases the capacity when sent)
        endpoint.setMessageDeliverer(new MessageIdAdmission(
                capacity.admitting(new AccessCheckingDeliverer(server.getRoot(), config, policy)), messageIds));
        endpoint.addInterceptor(capacity);
        endpoint.setExecutors(mainExecutor, secondaryExecutor);
    }

    void start() throws IOException {
        endpoint.start();
    }

    /** Closes the socket but keeps the binding able to start again. */
    void stop() {
        endpoint.stop();
    }

    /** @return the bound address, with the actual port once started */
    InetSocketAddress address() {
        return endpoint.getAddress();
    }

    /**
     * Logs the receive buffer the OS granted the socket (nothing when the connector does not say: DTLS). A buffer
     * smaller than asked drops bursts silently in the kernel: say so, and how to lift the cap.
     */
    void reportReceiveBuffer(int asked) {
        if (!(endpoint.getConnector() instanceof UDPConnector udp) || udp.getReceiveBufferSize() == null) {
            return;
        }
        int granted = udp.getReceiveBufferSize();
        // Linux grants twice what it is asked (its bookkeeping share) up to twice net.core.rmem_max: less than asked
        // means the cap cut it
        if (asked > 0 && granted < asked) {
            LOG.warn("UDP receive buffer: {} bytes asked ({}), the OS granted {}; raise net.core.rmem_max "
                    + "(sysctl) to let bursts queue instead of being dropped", asked, ServerOptions.UDP_RECEIVE_BUFFER,
                    granted);
        } else {
            LOG.info("UDP receive buffer: {} bytes", granted);
        }
    }

    /** Whether the relation was made through this binding's endpoint (its notifications would go out there). */
    boolean carries(ObserveRelation relation) {
        return relation.getExchange().getEndpoint() == endpoint;
    }

    void destroy() {
        server.getEndpoints().remove(endpoint);
        endpoint.destroy();
        // tasks already due (such as cancelling observe relations) still run; timers set for later are dropped
        if (mainExecutor instanceof ScheduledThreadPoolExecutor pool) {
            pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        }
        mainExecutor.shutdown();
        secondaryExecutor.shutdownNow();
        try {
            if (!mainExecutor.awaitTermination(1, TimeUnit.SECONDS)) {
                mainExecutor.shutdownNow();
            }
        } catch (InterruptedException e) {
            mainExecutor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
