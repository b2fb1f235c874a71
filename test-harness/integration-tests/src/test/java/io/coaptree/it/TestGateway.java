package io.coaptree.it;

import io.coaptree.harness.node.KuraNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * An emulated Kura gateway with both CoAPTree deployment packages installed, its CoAP server on a free port.
 * Configuration is written before the packages are installed, as an operator restoring a snapshot would, so the
 * server never binds the well-known port and several gateways can run side by side.
 */
public final class TestGateway implements AutoCloseable {

    public static final String SERVER_PID = "io.coaptree.server.CoapServerService";
    public static final String SERVER_SERVICE = "io.coaptree.api.CoAPServer";
    public static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final KuraNode node;

    private TestGateway(KuraNode node) {
        this.node = node;
    }

    public static TestGateway start(String name) throws Exception {
        return start(name, Map.of());
    }

    /** A gateway provisioned with these server settings (over test defaults), then given both packages. */
    public static TestGateway start(String name, Map<String, Object> serverSettings) throws Exception {
        return start(name, serverSettings, Map.of());
    }

    /**
     * As {@link #start(String, Map)}, also provisioned with other components' configurations (by PID), such as
     * Kura's role store with identities, or our components' settings.
     */
    public static TestGateway start(String name, Map<String, Object> serverSettings,
            Map<String, Map<String, Object>> configurations) throws Exception {
        Map<String, Object> settings = new java.util.HashMap<>(serverSettings);
        settings.putIfAbsent("coap.port", 0);
        settings.putIfAbsent("coap.bind.address", "127.0.0.1");
        // The product's default lets only DTLS-authenticated peers write (4.01 otherwise). The plain-CoAP tests
        // exercise CoAP itself, so they open writes explicitly; DTLS tests pass access.writes=authenticated.
        settings.putIfAbsent("access.writes", "open");
        KuraNode.Builder builder = KuraNode.builder(name).storage(freshStorage(name))
                .configuration(SERVER_PID, settings);
        configurations.forEach(builder::configuration);
        KuraNode node = builder.start();
        try {
            node.installDeploymentPackage(Packages.core());
            node.installDeploymentPackage(Packages.examples());
            TestGateway gateway = new TestGateway(node);
            gateway.awaitServer();
            return gateway;
        } catch (Exception | AssertionError e) {
            node.close();
            throw e;
        }
    }

    public static Path freshStorage(String name) throws java.io.IOException {
        Path root = Path.of(System.getProperty("coaptree.work", "target/nodes"));
        Files.createDirectories(root);
        return Files.createTempDirectory(root, name + "-");
    }

    public KuraNode node() {
        return node;
    }

    /** Waits for the bound server and for its WebUI page (Kura ignores Apply for a pid it does not list yet). */
    public void awaitServer() throws Exception {
        if (!node.awaitServiceProperty(SERVER_SERVICE, "(coap.port=*)", START_TIMEOUT)
                || !node.awaitListed(START_TIMEOUT, SERVER_PID)) {
            throw new AssertionError("no CoAPServer service with a bound port and a WebUI page within " + START_TIMEOUT);
        }
    }

    public int port() {
        return ((Number) node.serviceProperty(SERVER_SERVICE, "(coap.port=*)", "coap.port")).intValue();
    }

    public String uri(String path) {
        return "coap://127.0.0.1:" + port() + path;
    }

    /** @return the DTLS port (service property coaps.port), waiting for it to be bound */
    public int securePort() {
        if (!node.awaitServiceProperty(SERVER_SERVICE, "(coaps.port=*)", START_TIMEOUT)) {
            throw new AssertionError("no CoAPServer service with a DTLS port within " + START_TIMEOUT);
        }
        return ((Number) node.serviceProperty(SERVER_SERVICE, "(coaps.port=*)", "coaps.port")).intValue();
    }

    /** @return {@code coaps://127.0.0.1:<coaps.port><path>} */
    public String secureUri(String path) {
        return "coaps://127.0.0.1:" + securePort() + path;
    }

    @Override
    public void close() {
        node.close();
    }
}
