package io.coaptree.it.mqtt;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import io.moquette.BrokerConstants;
import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;

/**
 * The default broker of the MQTT integration tests: Moquette (MQTT 3.1.1) in the test JVM on free loopback
 * ports (plain, optionally TLS), one user, no persistence, no telemetry. Nothing to install.
 */
final class EmbeddedMoquette implements AutoCloseable {

    static final String USER = "gateway";
    static final String PASSWORD = "moquette-pw";

    private final int port;
    private final int tlsPort;
    private final Server server = new Server();

    /** Plain MQTT only. */
    EmbeddedMoquette() throws IOException {
        this(null, null);
    }

    /**
     * Plain MQTT, and MQTT over TLS with the key and chain of {@code serverKeystore} (PKCS12) when it is not null.
     */
    EmbeddedMoquette(Path serverKeystore, char[] keystorePassword) throws IOException {
        this.port = freePort();
        this.tlsPort = serverKeystore == null ? -1 : freePort();
        Properties p = new Properties();
        if (serverKeystore != null) {
            p.setProperty(BrokerConstants.SSL_PORT_PROPERTY_NAME, Integer.toString(tlsPort));
            p.setProperty(BrokerConstants.JKS_PATH_PROPERTY_NAME, serverKeystore.toString());
            p.setProperty(BrokerConstants.KEY_STORE_TYPE, "pkcs12");
            p.setProperty(BrokerConstants.KEY_STORE_PASSWORD_PROPERTY_NAME, new String(keystorePassword));
            p.setProperty(BrokerConstants.KEY_MANAGER_PASSWORD_PROPERTY_NAME, new String(keystorePassword));
        }
        p.setProperty(BrokerConstants.HOST_PROPERTY_NAME, "127.0.0.1");
        p.setProperty(BrokerConstants.PORT_PROPERTY_NAME, Integer.toString(port));
        p.setProperty(BrokerConstants.WEB_SOCKET_PORT_PROPERTY_NAME, BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.ALLOW_ANONYMOUS_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.ENABLE_TELEMETRY_NAME, "false");
        server.startServer(new MemoryConfig(p), List.of(), null,
                (clientId, username, password) -> USER.equals(username) && password != null
                        && PASSWORD.equals(new String(password, StandardCharsets.UTF_8)),
                null);
    }

    String url() {
        return "mqtt://127.0.0.1:" + port + "/";
    }

    /** By host name: test certificates are issued to localhost, so hostname verification stays on. */
    String tlsUrl() {
        if (tlsPort < 0) {
            throw new IllegalStateException("started without TLS");
        }
        return "mqtts://localhost:" + tlsPort + "/";
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Override
    public void close() {
        server.stopServer();
    }
}
