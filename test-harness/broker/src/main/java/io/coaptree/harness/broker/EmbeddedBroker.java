package io.coaptree.harness.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.moquette.BrokerConstants;
import io.moquette.broker.ISslContextCreator;
import io.moquette.broker.Server;
import io.moquette.broker.config.MemoryConfig;
import io.moquette.broker.security.IAuthenticator;
import io.moquette.broker.security.IAuthorizatorPolicy;
import io.moquette.interception.InterceptHandler;

/**
 * Moquette (MQTT 3.1.1) in this JVM on loopback ports, without persistence or telemetry: the broker of the demo,
 * the integration tests and the benchmarks. Anonymous by default; users, a TLS listener on request, and, for a tree
 * that admits only its gateways ({@link GatewayAdmission}), client certificates, one password per gateway and the
 * generated access list.
 * {@link #restart()} keeps the ports, so clients reconnect to the same URLs.
 *
 * <p>
 * Two Moquette defaults are changed because they misrepresent the brokers gateways really use (Mosquitto, Kura's
 * Artemis): Moquette batches writes and flushes them later, which adds tens of milliseconds to every hop, and it
 * refuses packets above 8092 bytes, far below a lookup answer of a few hundred links. And where Moquette loses one
 * of its session loops to a defect of its own, which would leave the loop's clients connected but unheard, a
 * {@link SessionLoopSupervisor} restarts the broker, as a supervisor restarts a broker process that died.
 */
public final class EmbeddedBroker implements AutoCloseable {

    /** Largest MQTT packet accepted by default: room for lookup answers and aggregated RD content. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    private final Builder settings;
    private final int port;
    private final int tlsPort;
    private Server server;
    private boolean closed;
    /**
     * Null unless {@link Builder#countPublishes()}: an interceptor costs the broker a hand-off per message, which
     * only a benchmark that reports publishes should pay. Kept across restarts: counts since the broker was created.
     */
    private final PublishCounter publishes;
    /** Restarts the broker when Moquette loses a session loop; kept across restarts. */
    private final SessionLoopSupervisor supervisor = new SessionLoopSupervisor(this::restartAfter);

    /** An anonymous broker on {@code port} (0 for a free port), started. */
    public EmbeddedBroker(int port) throws IOException {
        this(builder().port(port));
    }

    private EmbeddedBroker(Builder settings) throws IOException {
        this.settings = settings;
        this.publishes = settings.countPublishes ? new PublishCounter() : null;
        this.port = settings.port == 0 ? freePort() : settings.port;
        this.tlsPort = settings.keystore == null ? -1 : freePort();
        start();
    }

    public static Builder builder() {
        return new Builder();
    }

    public String url() {
        if (settings.admission != null) {
            throw new IllegalStateException("only TLS with client certificates is open: " + tlsUrl());
        }
        return "mqtt://127.0.0.1:" + port + "/";
    }

    /** By host name: test certificates are issued to localhost, so clients keep hostname verification on. */
    public String tlsUrl() {
        if (tlsPort < 0) {
            throw new IllegalStateException("started without TLS");
        }
        return "mqtts://localhost:" + tlsPort + "/";
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
        // With gateway admission the plain listener stays closed: every client must come through TLS.
        p.setProperty(BrokerConstants.PORT_PROPERTY_NAME,
                settings.admission == null ? Integer.toString(port) : BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.WEB_SOCKET_PORT_PROPERTY_NAME, BrokerConstants.DISABLED_PORT_BIND);
        p.setProperty(BrokerConstants.ALLOW_ANONYMOUS_PROPERTY_NAME, Boolean.toString(settings.users.isEmpty()));
        p.setProperty(BrokerConstants.PERSISTENCE_ENABLED_PROPERTY_NAME, "false");
        p.setProperty(BrokerConstants.ENABLE_TELEMETRY_NAME, "false");
        p.setProperty(BrokerConstants.BUFFER_FLUSH_MS_PROPERTY_NAME, "0");
        p.setProperty(BrokerConstants.NETTY_MAX_BYTES_PROPERTY_NAME, Integer.toString(settings.maxMessageBytes));
        if (settings.keystore != null) {
            String password = new String(settings.keystorePassword);
            p.setProperty(BrokerConstants.SSL_PORT_PROPERTY_NAME, Integer.toString(tlsPort));
            p.setProperty(BrokerConstants.JKS_PATH_PROPERTY_NAME, settings.keystore.toString());
            p.setProperty(BrokerConstants.KEY_STORE_TYPE, "pkcs12");
            p.setProperty(BrokerConstants.KEY_STORE_PASSWORD_PROPERTY_NAME, password);
            p.setProperty(BrokerConstants.KEY_MANAGER_PASSWORD_PROPERTY_NAME, password);
        }
        ISslContextCreator ssl = settings.admission == null ? null : settings.admission.sslContext(settings.keystore,
                settings.keystorePassword);
        IAuthorizatorPolicy acl = settings.admission != null ? settings.admission.authorizator()
                : settings.authorization;
        Server s = new Server();
        List<InterceptHandler> handlers = publishes == null ? List.of(supervisor) : List.of(supervisor, publishes);
        s.startServer(new MemoryConfig(p), handlers, ssl, authenticator(), acl);
        server = s;
    }

    /**
     * PUBLISH packets accepted since this broker was created, by {@code "<client id> <last topic level>"} (counted
     * shortly after routing), e.g. {@code "gB1 telemetry"}.
     */
    public Map<String, Long> publishesByClient() {
        if (publishes == null) {
            throw new IllegalStateException("this broker counts no publishes (Builder.countPublishes())");
        }
        return publishes.counts();
    }

    public synchronized void stop() {
        if (server != null) {
            server.stopServer();
            server = null;
        }
    }

    /** Session loops Moquette lost since this broker was created, each followed by a restart. */
    public int sessionLoopFailures() {
        return supervisor.failures();
    }

    private synchronized void restartAfter(Throwable failure) {
        if (closed) {
            return;
        }
        try {
            restart();
        } catch (IOException | RuntimeException e) {
            e.addSuppressed(failure);
            throw new IllegalStateException("the embedded broker did not start again after losing a session loop", e);
        }
    }

    /** Stops and starts again on the same ports: every client loses its connection and session. */
    public synchronized void restart() throws IOException {
        stop();
        start();
    }

    @Override
    public synchronized void close() {
        closed = true;
        stop();
    }

    private IAuthenticator authenticator() {
        if (settings.users.isEmpty()) {
            return null;
        }
        Map<String, String> users = Map.copyOf(settings.users);
        return (clientId, username, secret) -> username != null && secret != null && users.containsKey(username)
                && users.get(username).equals(new String(secret, StandardCharsets.UTF_8));
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    /** What the broker accepts; {@link #start()} builds and starts it. */
    public static final class Builder {
        private int port;
        private final Map<String, String> users = new HashMap<>();
        private GatewayAdmission admission;
        private Path keystore;
        private char[] keystorePassword;
        private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
        private boolean countPublishes;
        private IAuthorizatorPolicy authorization;

        private Builder() {
        }

        /**
         * Decides every publish and subscription with {@code policy} (a test of the broker itself; a tree's broker
         * takes its access list from {@link #gateways}). Moquette asks it on a session loop.
         */
        public Builder authorization(IAuthorizatorPolicy policy) {
            this.authorization = policy;
            return this;
        }

        /** @param port 0 (the default) for a free port */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** Only the users given here may connect (no anonymous clients); may be called for several users. */
        public Builder user(String name, String secret) {
            this.users.put(name, secret);
            return this;
        }

        /**
         * Admits only a tree's gateways: TLS only (needs {@link #tls}), with a client certificate of the admission's
         * CA, each gateway's own user name and password, and the generated access list.
         */
        public Builder gateways(GatewayAdmission admission) {
            this.admission = admission;
            admission.passwords().forEach(this::user);
            return this;
        }

        /** Also listen for MQTT over TLS, with the key and chain of a PKCS12 keystore. */
        public Builder tls(Path pkcs12Keystore, char[] password) {
            this.keystore = pkcs12Keystore;
            this.keystorePassword = password.clone();
            return this;
        }

        public Builder maxMessageBytes(int bytes) {
            this.maxMessageBytes = bytes;
            return this;
        }

        /** Count the PUBLISH packets accepted, by client and topic kind ({@link EmbeddedBroker#publishesByClient}). */
        public Builder countPublishes() {
            this.countPublishes = true;
            return this;
        }

        public EmbeddedBroker start() throws IOException {
            if (admission != null && keystore == null) {
                throw new IllegalStateException("gateway admission needs the TLS listener (tls(keystore, password))");
            }
            return new EmbeddedBroker(this);
        }
    }
}
