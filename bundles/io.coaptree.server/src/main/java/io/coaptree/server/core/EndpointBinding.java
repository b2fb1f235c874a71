package io.coaptree.server.core;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.ServerMessageDeliverer;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;

import io.coaptree.server.options.ServerOptions;

/**
 * One UDP endpoint of the server with the threads that serve it. Each configuration gets its own binding, so that a
 * new one can be started (and fail) while the previous one still serves; its deliverer carries that configuration's
 * observe limits.
 */
final class EndpointBinding {

    private final CoapServer server;
    private final CoapEndpoint endpoint;
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;

    EndpointBinding(CoapServer server, ServerOptions options, InetSocketAddress address) {
        this.server = server;
        Configuration config = CaliforniumSettings.configurationFor(options);
        this.endpoint = new CoapEndpoint.Builder().setConfiguration(config).setInetSocketAddress(address).build();
        this.mainExecutor = ExecutorsUtil.newScheduledThreadPool(options.protocolThreads(),
                new NamedThreadFactory("CoapTree#"));
        this.secondaryExecutor = ExecutorsUtil.newDefaultSecondaryScheduler("CoapTree(secondary)#");
        server.addEndpoint(endpoint);
        endpoint.setMessageDeliverer(new ServerMessageDeliverer(server.getRoot(), config));
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
