package io.coaptree.harness.demo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Properties;

import io.moquette.BrokerConstants;
import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;

/**
 * Moquette (MQTT 3.1.1) in this JVM on a loopback port, anonymous, without persistence or telemetry: the broker of
 * the demo and of the hierarchy tests. {@link #restart()} keeps the port, so clients reconnect to the same URL.
 */
public final class EmbeddedBroker implements AutoCloseable {

    private final int port;
    private Server server;

    /** @param port 0 for a free port */
    public EmbeddedBroker(int port) throws IOException {
        if (port == 0) {
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
        }
        this.port = port;
        start();
    }

    public String url() {
        return "mqtt://127.0.0.1:" + port + "/";
    }

    public int port() {
        return port;
    }

    public synchronized void start() throws IOException {
        if (server != null) {
            return;
        }
        Properties p = new Properties();
        p.setProperty(BrokerConstants.HOST_PROPERTY_NAME, "127.0.0.1");
        p.setProperty(BrokerConstants.PORT_PROPERTY_NAME, Integer.toString(port));
        p.setProperty(BrokerConstants.WEB_SOCKET_PORT_PROPERTY_NAME, BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.ALLOW_ANONYMOUS_PROPERTY_NAME, "true");
        p.setProperty(BrokerConstants.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.ENABLE_TELEMETRY_NAME, "false");
        Server s = new Server();
        s.startServer(new MemoryConfig(p));
        server = s;
    }

    public synchronized void stop() {
        if (server != null) {
            server.stopServer();
            server = null;
        }
    }

    /** Stops and starts again on the same port: every client loses its connection and session. */
    public void restart() throws IOException {
        stop();
        start();
    }

    @Override
    public void close() {
        stop();
    }
}
