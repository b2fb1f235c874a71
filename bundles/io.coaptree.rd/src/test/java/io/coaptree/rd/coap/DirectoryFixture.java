package io.coaptree.rd.coap;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.server.access.AccessPolicy;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;

/**
 * A gateway CoAP server on 127.0.0.1 with the directory on it, and a Californium client on its own endpoint: the
 * real stack on both sides, no OSGi.
 */
final class DirectoryFixture implements AutoCloseable {

    static {
        CoapConfig.register();
        UdpConfig.register();
    }

    final GatewayCoapServer server = new GatewayCoapServer();
    final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    final CoapResourceDirectory directory;
    final CoapEndpoint clientEndpoint;

    DirectoryFixture(Map<String, Object> settings) {
        this(settings, null, Map.of());
    }

    DirectoryFixture(Map<String, Object> settings, Path persistenceFile, Map<String, Object> serverSettings) {
        Map<String, Object> serverOptions = new HashMap<>(serverSettings);
        serverOptions.put(ServerOptions.BIND_ADDRESS, "127.0.0.1");
        serverOptions.put(ServerOptions.PORT, 0);
        server.apply(ServerOptions.from(serverOptions));
        // the gateway's default policy lets only DTLS peers write; RFC 9176 registration over plain CoAP is tested
        // here, and the directory's own authentication settings are tested on top of an open server
        server.applyAccessPolicy(AccessPolicy.open());
        Map<String, Object> options = new HashMap<>();
        // the node's own registration would show up in every unfiltered lookup: tests that want it enable it
        options.put(DirectoryOptions.LOCAL_ENABLED, false);
        options.putAll(settings);
        directory = new CoapResourceDirectory(DirectoryOptions.from(options), server, scheduler, new MonotonicClock(),
                persistenceFile);
        directory.start();
        clientEndpoint = newClientEndpoint();
    }

    static CoapEndpoint newClientEndpoint() {
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
        CoapEndpoint endpoint = new CoapEndpoint.Builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build();
        return endpoint;
    }

    int port() {
        return server.getPort();
    }

    String uri(String pathAndQuery) {
        return "coap://127.0.0.1:" + port() + pathAndQuery;
    }

    /** The URI the directory sees as this fixture's client address: the default base of its registrations. */
    String clientBase() throws Exception {
        if (!clientEndpoint.isStarted()) {
            clientEndpoint.start();
        }
        return "coap://127.0.0.1:" + clientEndpoint.getAddress().getPort();
    }

    CoapClient client(String pathAndQuery) {
        CoapClient client = new CoapClient(uri(pathAndQuery));
        client.setEndpoint(clientEndpoint);
        client.setTimeout(5_000L);
        return client;
    }

    /** A request to send with {@link CoapClient#advanced(Request)}. */
    Request request(Code code, String pathAndQuery) {
        Request request = new Request(code);
        request.setURI(uri(pathAndQuery));
        return request;
    }

    static void await(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() throws InterruptedException {
        directory.close();
        clientEndpoint.destroy();
        server.close();
        scheduler.shutdownNow();
        scheduler.awaitTermination(5, TimeUnit.SECONDS);
    }
}
