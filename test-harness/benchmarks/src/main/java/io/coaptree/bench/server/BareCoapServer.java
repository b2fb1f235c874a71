package io.coaptree.bench.server;

import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

/**
 * The baseline: Californium with its standard configuration and one plain {@link CoapResource} at
 * {@code /temperature} doing what the example sensor does per GET.
 * Whatever our server costs on top of this is CoAPTree's overhead.
 */
public final class BareCoapServer implements AutoCloseable {

    private final CoapServer server;
    private final CoapEndpoint endpoint;
    private final TemperatureLikeResource temperature;

    public BareCoapServer(String bindAddress, int port) {
        CoapConfig.register();
        UdpConfig.register();
        Configuration config = Configuration.createStandardWithoutFile();
        endpoint = CoapEndpoint.builder()
                .setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress(bindAddress, port))
                .build();
        server = new CoapServer(config);
        server.addEndpoint(endpoint);
        temperature = new TemperatureLikeResource();
        server.add(temperature);
    }

    public BareCoapServer start() {
        server.start();
        return this;
    }

    public int port() {
        return endpoint.getAddress().getPort();
    }

    @Override
    public void close() {
        server.destroy();
        temperature.close();
    }

    /**
     * What the example sensor does per GET: answer the latest reading (refreshed every 5 s by one timer thread)
     * as text with a Max-Age.
     */
    static final class TemperatureLikeResource extends CoapResource implements AutoCloseable {

        static final long REFRESH_SECONDS = 5;
        private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "bare-temperature");
            thread.setDaemon(true);
            return thread;
        });
        private volatile String value;

        TemperatureLikeResource() {
            super("temperature");
            getAttributes().addResourceType("temp");
            getAttributes().addContentType(MediaTypeRegistry.TEXT_PLAIN);
            refresh();
            timer.scheduleAtFixedRate(this::refresh, REFRESH_SECONDS, REFRESH_SECONDS, TimeUnit.SECONDS);
        }

        private void refresh() {
            value = String.format(Locale.ROOT, "%.1f", 20.0 + ThreadLocalRandom.current().nextDouble(-0.5, 0.5));
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.setMaxAge(REFRESH_SECONDS);
            exchange.respond(ResponseCode.CONTENT, value, MediaTypeRegistry.TEXT_PLAIN);
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
    }
}
