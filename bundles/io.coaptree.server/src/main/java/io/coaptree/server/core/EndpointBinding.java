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

import io.coaptree.server.access.AccessCheckingDeliverer;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

/**
 * One endpoint of the server (plain UDP or DTLS) with the threads that serve it. Its deliverer refuses a NON request
 * whose answer could get no message ID, then enforces the access policy; its message IDs come from the server's one
 * provider. Each configuration gets its own binding, so that a new one can be started (and fail) while the previous
 * one still serves; its deliverer carries that configuration's observe limits.
 */
final class EndpointBinding {

    private final CoapServer server;
    private final CoapEndpoint endpoint;
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;

    /** A plain UDP endpoint. */
    EndpointBinding(CoapServer server, ServerOptions options, Supplier<AccessPolicy> policy,
            LeasedMessageIds messageIds, InetSocketAddress address) {
        this(server, options, CaliforniumSettings.configurationFor(options), policy, messageIds,
                builder -> builder.setInetSocketAddress(address), "CoapTree");
    }

    /** An endpoint over another connector (DTLS); {@code config} is the one the connector was built with. */
    EndpointBinding(CoapServer server, ServerOptions options, Configuration config, Supplier<AccessPolicy> policy,
            LeasedMessageIds messageIds, Connector connector) {
        this(server, options, config, policy, messageIds, builder -> builder.setConnector(connector),
                "CoapTreeSecure");
    }

    private EndpointBinding(CoapServer server, ServerOptions options, Configuration config,
            Supplier<AccessPolicy> policy, LeasedMessageIds messageIds, Consumer<CoapEndpoint.Builder> transport,
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
        endpoint.setMessageDeliverer(
                new MessageIdAdmission(new AccessCheckingDeliverer(server.getRoot(), config, policy), messageIds));
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

    /** @return the receive buffer the OS granted the socket, or null when the connector does not say (DTLS, memory) */
    Integer receiveBufferBytes() {
        return endpoint.getConnector() instanceof UDPConnector udp ? udp.getReceiveBufferSize() : null;
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
