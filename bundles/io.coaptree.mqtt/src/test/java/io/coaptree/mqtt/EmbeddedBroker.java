package io.coaptree.mqtt;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

import io.moquette.BrokerConstants;
import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;

/** A real MQTT 3.1.1 broker (Moquette) on a free loopback port, with one user; restartable on the same port. */
final class EmbeddedBroker implements AutoCloseable {

    static final String USER = "gateway";
    static final String PASSWORD = "s3cret-pw";

    private final int port;
    private Server server;

    EmbeddedBroker() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            this.port = probe.getLocalPort();
        }
        start();
    }

    int port() {
        return port;
    }

    String url() {
        return "mqtt://127.0.0.1:" + port + "/";
    }

    void start() throws IOException {
        Properties p = new Properties();
        p.setProperty(BrokerConstants.HOST_PROPERTY_NAME, "127.0.0.1");
        p.setProperty(BrokerConstants.PORT_PROPERTY_NAME, Integer.toString(port));
        p.setProperty(BrokerConstants.WEB_SOCKET_PORT_PROPERTY_NAME, BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.ALLOW_ANONYMOUS_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.ENABLE_TELEMETRY_NAME, "false");
        p.setProperty(BrokerConstants.NETTY_MAX_BYTES_PROPERTY_NAME, Integer.toString(256 * 1024));
        // Moquette otherwise batches writes and flushes later, unlike the brokers gateways use.
        p.setProperty(BrokerConstants.BUFFER_FLUSH_MS_PROPERTY_NAME, "0");
        Server s = new Server();
        s.startServer(new MemoryConfig(p), List.of(), null,
                (clientId, username, password) -> USER.equals(username) && password != null
                        && PASSWORD.equals(new String(password, StandardCharsets.UTF_8)),
                null);
        server = s;
    }

    void stop() {
        if (server != null) {
            server.stopServer();
            server = null;
        }
    }

    @Override
    public void close() {
        stop();
    }
}
