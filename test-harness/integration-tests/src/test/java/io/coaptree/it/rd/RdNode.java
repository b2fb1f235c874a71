package io.coaptree.it.rd;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.osgi.framework.Bundle;

import io.coaptree.harness.node.KuraNode;
import io.coaptree.it.Libcoap;

/**
 * An emulated gateway with the CoAPTree package (and the examples) for the Resource Directory tests: CoAP on
 * 127.0.0.1 and a free port, writes open to plain CoAP (the server's default lets only DTLS peers write, and RFC
 * 9176 registrants usually have no DTLS), the node in domain {@value #DOMAIN}.
 */
final class RdNode implements AutoCloseable {

    static final String SERVER_PID = "io.coaptree.server.CoapServerService";
    static final String RD_PID = "io.coaptree.rd.ResourceDirectory";
    static final String SERVER_SERVICE = "io.coaptree.api.CoAPServer";
    static final String DOMAIN = "plant1";
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    static {
        CoapConfig.register();
        UdpConfig.register();
    }

    final KuraNode node;
    private final CoapEndpoint clientEndpoint;

    private RdNode(KuraNode node) {
        this.node = node;
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
        clientEndpoint = new CoapEndpoint.Builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build();
    }

    static RdNode start(String name, Map<String, Object> rdSettings) throws Exception {
        KuraNode node = KuraNode.builder(name).storage(freshStorage(name))
                .configuration(SERVER_PID, Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1",
                        "node.domain", DOMAIN, "access.writes", "open"))
                .configuration(RD_PID, rdSettings).start();
        try {
            node.installDeploymentPackage(path("coaptree.dp.core"));
            node.installDeploymentPackage(path("coaptree.dp.examples"));
            if (!node.awaitServiceProperty(SERVER_SERVICE, "(coap.port=*)", TIMEOUT)
                    || !node.awaitListed(TIMEOUT, SERVER_PID, RD_PID)) {
                throw new AssertionError("no CoAPServer with a bound port and WebUI pages within " + TIMEOUT);
            }
            return new RdNode(node);
        } catch (Exception | AssertionError e) {
            node.close();
            throw e;
        }
    }

    int port() {
        return ((Number) node.serviceProperty(SERVER_SERVICE, "(coap.port=*)", "coap.port")).intValue();
    }

    String uri(String pathAndQuery) {
        return "coap://127.0.0.1:" + port() + pathAndQuery;
    }

    CoapClient client(String pathAndQuery) {
        CoapClient client = new CoapClient(uri(pathAndQuery));
        client.setEndpoint(clientEndpoint);
        client.setTimeout(5_000L);
        return client;
    }

    Bundle bundle(String symbolicName) {
        for (Bundle bundle : node.bundleContext().getBundles()) {
            if (bundle.getSymbolicName().equals(symbolicName)) {
                return bundle;
            }
        }
        throw new AssertionError(symbolicName + " is not installed");
    }

    /** Runs libcoap's client without DTLS (Debian libcoap3-bin); skipped where it is absent, except under CI. */
    static String coapClientNotls(String... args) throws IOException, InterruptedException {
        return Libcoap.run("coap-client-notls", args).output();
    }

    @Override
    public void close() {
        clientEndpoint.destroy();
        node.close();
    }

    private static Path freshStorage(String name) throws IOException {
        Path root = Path.of(System.getProperty("coaptree.work", "target/nodes"));
        Files.createDirectories(root);
        return Files.createTempDirectory(root, name + "-");
    }

    private static Path path(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the tests through Maven");
        }
        Path path = Path.of(value);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + ": " + path + " does not exist; build the features first");
        }
        return path;
    }
}
