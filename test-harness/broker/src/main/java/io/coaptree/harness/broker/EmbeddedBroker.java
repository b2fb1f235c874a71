package io.coaptree.harness.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.codahale.metrics.Counter;
import com.hivemq.embedded.EmbeddedExtension;
import com.hivemq.embedded.EmbeddedHiveMQ;

/**
 * HiveMQ Community Edition (MQTT 3.1.1 and 5) in this JVM on loopback ports, sessions in memory: the broker of the
 * demo, the integration tests and the benchmarks. Anonymous by default; users, a TLS listener on request, and, for a
 * tree that admits only its gateways ({@link GatewayAdmission}), client certificates, one password per gateway,
 * client ids bound to their users and the generated access list, last wills included.
 * {@link #restart()} keeps the ports, so clients reconnect to the same URLs. {@link #faults()} counts what the
 * broker did wrong on its own; {@link NoBrokerFaults} fails a test during which it did.
 */
public final class EmbeddedBroker implements AutoCloseable {

    /** Largest MQTT packet accepted by default: room for lookup answers and aggregated RD content. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);
    private static final long START_STOP_TIMEOUT_SECONDS = 60;
    private static final String DROPPED = "com.hivemq.messages.dropped.count";
    /**
     * HiveMQ hands an embedded extension its services through static state while the broker starts, so two brokers
     * of one JVM must not start at the same time.
     */
    private static final Object STARTS = new Object();

    private final Builder settings;
    private final int port;
    private final int tlsPort;
    private final Path dir;
    private final BrokerFaults faults;
    /** Null unless {@link Builder#countPublishes()}: counts since the broker was created, across restarts. */
    private final PublishCounts publishes;
    private final BrokerAccess access;
    /** The running broker, null while stopped. */
    private EmbeddedHiveMQ hive;
    private boolean closed;

    /** An anonymous broker on {@code port} (0 for a free port), started. */
    public EmbeddedBroker(int port) throws IOException {
        this(builder().port(port));
    }

    private EmbeddedBroker(Builder settings) throws IOException {
        this.settings = settings;
        this.port = settings.port == 0 ? freePort() : settings.port;
        this.tlsPort = settings.keystore == null ? -1 : freePort();
        this.faults = new BrokerFaults("the embedded broker on port " + (tlsPort > 0 ? tlsPort : port));
        this.publishes = settings.countPublishes ? new PublishCounts() : null;
        this.dir = Files.createTempDirectory("coaptree-broker-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            HiveMqConfig.write(Files.createDirectories(dir.resolve("conf")).resolve("config.xml"),
                    settings.admission == null ? port : -1, tls(), settings.maxMessageBytes,
                    settings.maxQueuedMessages);
            this.access = new BrokerAccess(settings.admission != null ? settings.admission.rules()
                    : settings.users.isEmpty() ? null : new AdmissionRules(settings.users, null), publishes, faults);
            start();
        } catch (IOException | RuntimeException e) {
            deleteDirectory();
            throw e;
        }
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
        if (closed) {
            throw new IllegalStateException("the embedded broker was closed");
        }
        if (hive != null) {
            return;
        }
        // A new HiveMQ each time: HiveMQ CE 2025.5 cannot start again after a stop with sessions in memory (its
        // in-memory stores register their metrics a second time and the start fails).
        EmbeddedHiveMQ started = EmbeddedHiveMQ.builder().withConfigurationFolder(dir.resolve("conf"))
                .withDataFolder(Files.createDirectories(dir.resolve("data")))
                .withExtensionsFolder(Files.createDirectories(dir.resolve("extensions")))
                // logging stays with the application's SLF4J binding; HiveMQ's bootstrap would take over Logback
                .withoutLoggingBootstrap()
                .withEmbeddedExtension(EmbeddedExtension.builder().withId("coaptree-access")
                        .withName("CoAPTree broker access").withVersion("1").withAuthor("CoAPTree")
                        .withExtensionMain(access).build())
                .build();
        try {
            synchronized (STARTS) {
                await(started.start(), "start");
            }
            awaitListening(settings.admission == null ? port : tlsPort);
        } catch (IOException | RuntimeException e) {
            closeQuietly(started);
            throw e;
        }
        Counter dropped = started.getMetricRegistry().counter(DROPPED);
        faults.running(dropped::getCount);
        hive = started;
    }

    /**
     * PUBLISH packets accepted since this broker was created, by {@code "<client id> <last topic level>"}, e.g.
     * {@code "gB1 telemetry"}.
     */
    public Map<String, Long> publishesByClient() {
        if (publishes == null) {
            throw new IllegalStateException("this broker counts no publishes (Builder.countPublishes())");
        }
        return publishes.counts();
    }

    /**
     * Faults since this broker was created: messages it dropped for a reason other than the access list, and
     * failures of its admission code. A refused client, publish or subscription is no fault.
     */
    public long faults() {
        return faults.count();
    }

    /** What {@link #faults()} counted, for a failure message. */
    public String faultReport() {
        return faults.describe();
    }

    public synchronized void stop() {
        if (hive == null) {
            return;
        }
        faults.stopping();
        EmbeddedHiveMQ stopping = hive;
        hive = null;
        try {
            stopping.close();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the embedded broker did not stop", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the embedded broker stopped", e);
        }
    }

    /** Stops and starts again on the same ports: every client loses its connection and session. */
    public synchronized void restart() throws IOException {
        stop();
        start();
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stop();
        } finally {
            deleteDirectory();
            if (faults.count() > 0) {
                LOG.warn("{}", faults.describe());
            }
        }
    }

    private static void closeQuietly(EmbeddedHiveMQ hive) {
        try {
            hive.close();
        } catch (ExecutionException | RuntimeException e) {
            LOG.debug("closing a broker that did not start: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HiveMqConfig.Tls tls() throws IOException {
        if (settings.keystore == null) {
            return null;
        }
        if (settings.admission == null) {
            return new HiveMqConfig.Tls(tlsPort, settings.keystore, settings.keystorePassword, null, null);
        }
        char[] password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12)).toCharArray();
        Path truststore = dir.resolve("gateway-ca.p12");
        try (OutputStream out = Files.newOutputStream(truststore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("gateway-ca", settings.admission.caCertificate());
            store.store(out, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot write the broker's truststore", e);
        }
        return new HiveMqConfig.Tls(tlsPort, settings.keystore, settings.keystorePassword, truststore, password);
    }

    private static void await(java.util.concurrent.CompletableFuture<Void> change, String what) throws IOException {
        try {
            change.get(START_STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException("the embedded broker did not " + what, e.getCause());
        } catch (TimeoutException e) {
            throw new IOException("the embedded broker did not " + what + " within " + START_STOP_TIMEOUT_SECONDS
                    + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the embedded broker was to " + what, e);
        }
    }

    /** HiveMQ reports a started broker even when a listener could not bind: make sure it did. */
    private static void awaitListening(int port) throws IOException {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5000);
        } catch (IOException e) {
            throw new IOException("the embedded broker started but does not listen on port " + port
                    + " (in use by another process?)", e);
        }
    }

    private void deleteDirectory() {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("could not delete {}: {}", dir, e.toString());
        }
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
        private long maxQueuedMessages = HiveMqConfig.MAX_QUEUED_MESSAGES;
        private boolean countPublishes;

        private Builder() {
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
         * CA, each gateway's own user name and password, client ids bound to users, and the generated access list.
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

        /** Messages queued for one client before the broker drops more (each drop a fault); for a test of faults. */
        Builder maxQueuedMessages(long messages) {
            this.maxQueuedMessages = messages;
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
