package io.coaptree.rd.coap;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.server.options.AccessPolicy;
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
        this(settings, persistenceFile, serverSettings, null);
    }

    /**
     * @param serverSettings a {@link ServerOptions#BIND_ADDRESS} here replaces 127.0.0.1
     * @param peerLinks which link each peer is on; null for this host's real interfaces
     */
    DirectoryFixture(Map<String, Object> settings, Path persistenceFile, Map<String, Object> serverSettings,
            PeerLinks peerLinks) {
        Map<String, Object> serverOptions = new HashMap<>(serverSettings);
        serverOptions.putIfAbsent(ServerOptions.BIND_ADDRESS.id(), "127.0.0.1");
        serverOptions.put(ServerOptions.PORT.id(), 0);
        server.apply(ServerOptions.fromProperties(serverOptions));
        // the gateway's default policy lets only DTLS peers write; RFC 9176 registration over plain CoAP is tested
        // here, and the directory's own authentication settings are tested on top of an open server
        server.applyAccessPolicy(AccessPolicy.open());
        Map<String, Object> options = new HashMap<>();
        // the node's own registration would show up in every unfiltered lookup: tests that want it enable it
        options.put(DirectoryOptions.LOCAL_ENABLED.id(), false);
        options.putAll(settings);
        directory = peerLinks == null
                ? new CoapResourceDirectory(DirectoryOptions.fromProperties(options), server, scheduler,
                        new MonotonicClock(), persistenceFile)
                : new CoapResourceDirectory(DirectoryOptions.fromProperties(options), server, scheduler,
                        new MonotonicClock(), persistenceFile, peerLinks);
        directory.start();
        clientEndpoint = newClientEndpoint();
    }

    static CoapEndpoint newClientEndpoint() {
        return newClientEndpoint(new InetSocketAddress("127.0.0.1", 0));
    }

    /** A client endpoint on an address of its own, e.g. another loopback address or a link-local one. */
    static CoapEndpoint newClientEndpoint(InetSocketAddress address) {
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
        return new CoapEndpoint.Builder().setConfiguration(config).setInetSocketAddress(address).build();
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

    /** Observes with {@code client}; each notification's text, or "error", goes to {@code notifications}. */
    static CoapObserveRelation observe(CoapClient client, BlockingQueue<String> notifications) {
        return client.observe(new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                notifications.add(response.getResponseText());
            }

            @Override
            public void onError() {
                notifications.add("error");
            }
        });
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
