package io.coaptree.it.mqtt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.osgi.framework.Bundle;

import io.coaptree.harness.node.KuraNode;

/**
 * Emulated gateways for the MQTT tests: the CoAPTree package installed, the lean transport configured as an
 * operator would in the WebUI (password encrypted by the node's CryptoService), the exchange probe bundle
 * installed next to it.
 */
final class MqttNodes {

    /** The one broker user of these tests (the brokers refuse anonymous clients). */
    static final String USER = "gateway";
    static final String PASSWORD = "broker-pw";
    static final String TRANSPORT_PID = "io.coaptree.mqtt.LeanMqttDataTransport";
    static final String TRANSPORT_SERVICE = "org.eclipse.kura.data.DataTransportService";
    static final String PROBE_FACTORY_PID = "io.coaptree.harness.exchange.ExchangeProbe";
    static final String PROBE_STATUS = "io.coaptree.harness.exchange.ExchangeProbeStatus";
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final String SERVER_PID = "io.coaptree.server.CoapServerService";

    private MqttNodes() {
    }

    /**
     * A started node whose transport connects to {@code brokerUrl} as client {@code name}. {@code transport}
     * overrides or adds transport properties.
     */
    static KuraNode start(String name, String brokerUrl, String user, String password, Map<String, Object> transport)
            throws Exception {
        Map<String, Object> settings = new HashMap<>();
        settings.put("broker-url", brokerUrl);
        settings.put("client-id", name);
        settings.put("username", user);
        settings.put("password", KuraNode.password(password));
        settings.put("keep-alive", 30);
        settings.put("timeout", 10);
        settings.put("reconnect.initial-delay-ms", 100);
        settings.put("reconnect.max-delay-ms", 1000);
        settings.putAll(transport);
        // Several nodes share this host: the CoAP server must not take the well-known port.
        KuraNode node = KuraNode.builder(name).storage(freshStorage(name))
                .configuration(SERVER_PID, Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1"))
                .configuration(TRANSPORT_PID, settings).start();
        try {
            node.installDeploymentPackage(path("coaptree.dp.core"));
            Bundle probe = node.bundleContext().installBundle(probeBundle().toUri().toString());
            probe.start();
            return node;
        } catch (Exception | AssertionError e) {
            node.close();
            throw e;
        }
    }

    /** Creates (or changes) a probe instance; its status service carries kura.service.pid = {@code pid}. */
    static void probe(KuraNode node, String pid, Map<String, Object> settings) throws Exception {
        Map<String, Object> p = new HashMap<>(settings);
        p.put("service.factoryPid", PROBE_FACTORY_PID);
        node.updateConfiguration(pid, p);
    }

    /** Waits until the probe instance reports {@code state}; fails with its last status otherwise. */
    static void awaitProbeState(KuraNode node, String pid, String state) {
        if (!node.awaitServiceProperty(PROBE_STATUS, "(&(kura.service.pid=" + pid + ")(probe.state=" + state + "))",
                TIMEOUT)) {
            throw new AssertionError("probe " + pid + " on " + node.name() + " not " + state + " within " + TIMEOUT
                    + "; state " + probeStatus(node, pid, "probe.state") + ", error "
                    + probeStatus(node, pid, "probe.error") + "; " + diagnosis(node));
        }
    }

    /** What a failed wait needs: the probe bundle's state and the transports the node offers. */
    static String diagnosis(KuraNode node) {
        StringBuilder text = new StringBuilder();
        node.bundles().stream().filter(b -> b.symbolicName().startsWith("io.coaptree"))
                .forEach(b -> text.append(b.symbolicName()).append('=').append(b.state()).append(' '));
        text.append("; transports: ").append(node.serviceProperty(TRANSPORT_SERVICE, null, "kura.service.pid"));
        return text.toString();
    }

    static Object probeStatus(KuraNode node, String pid, String key) {
        return node.serviceProperty(PROBE_STATUS, "(kura.service.pid=" + pid + ")", key);
    }

    private static Path freshStorage(String name) throws java.io.IOException {
        Path root = Path.of(System.getProperty("coaptree.work", "target/nodes"));
        Files.createDirectories(root);
        return Files.createTempDirectory(root, name + "-");
    }

    /** The exchange probe bundle as the build left it. */
    static Path probeBundle() {
        return path("coaptree.bundle.exchange-probe");
    }

    private static Path path(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the tests through Maven");
        }
        Path path = Path.of(value);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + ": " + path + " does not exist; build the modules first");
        }
        return path;
    }
}
