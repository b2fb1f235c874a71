package io.coaptree.telemetry.coap;

import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.network.Endpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;

/**
 * The CoAP client endpoint (one UDP port) the gateway's Observe relations share, with one protocol thread: a
 * notification only queues a record, so one thread keeps up with hundreds of relations.
 */
public final class ObserveEndpoint implements AutoCloseable {

    private final ScheduledExecutorService main;
    private final ScheduledExecutorService secondary;
    private final CoapEndpoint endpoint;

    public ObserveEndpoint(String gatewayName) throws java.io.IOException {
        // Inside OSGi the modules' definitions must be registered before a Configuration is built.
        CoapConfig.register();
        UdpConfig.register();
        // Californium's standard values are RFC 7252's: a message ID sent to a device is not used again towards it
        // within EXCHANGE_LIFETIME (247 s; a device is remembered 600 s), and when none is free the request fails
        // (the relation's onError) instead. Keep EXCHANGE_LIFETIME here: the server shortens its own only for
        // deduplication, and takes its message IDs elsewhere.
        Configuration config = Configuration.createStandardWithoutFile();
        main = ExecutorsUtil.newScheduledThreadPool(1, new NamedThreadFactory("telemetry-" + gatewayName + "-observe#"));
        secondary = ExecutorsUtil.newDefaultSecondaryScheduler("telemetry-" + gatewayName + "-observe(secondary)#");
        endpoint = CoapEndpoint.builder().setConfiguration(config).build();
        endpoint.setExecutors(main, secondary);
        endpoint.start();
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        endpoint.destroy();
        main.shutdownNow();
        secondary.shutdownNow();
    }
}
