package io.coaptree.bench.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import io.coaptree.harness.hierarchy.GatewayProvisioning;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * The server under test of the {@code tree} scenario: an MQTT broker and the 10-gateway hierarchy of
 * {@link TreeTestbed} (emulated Kura 5.6 nodes on Equinox, the coaptree package, the examples package on the groups), all in
 * this JVM. Gateways boot one after the other in the background (10 nodes take longer than the runner's ready
 * timeout on a busy machine); once every gateway sees all 10 live, their CoAP ports go to {@code gatewaysFile}
 * ({@code port.<name>=N}, {@code boot.seconds}), written atomically, or {@code error=...} if the boot failed.
 * <p>
 * Every gateway's CoAP server accepts plain-CoAP writes ({@code access.writes=open}, so the scenario can register
 * in the Resource Directories) and large bodies; the tree uses short heartbeats; the Resource Directory and the
 * remote-query settings that cap the size of a lookup answer are raised where a setting exists, so the benchmark
 * measures the mechanism rather than a configured limit.
 */
public final class TreeTarget implements AutoCloseable {

    static final String RD_PID = TreeHierarchy.RD_PID;
    static final String REMOTE_QUERY_PID = TreeHierarchy.REMOTE_QUERY_PID;
    static final Duration BOOT_TIMEOUT = Duration.ofSeconds(240);
    static final int BODY_LIMIT_BYTES = 16 * 1024 * 1024;

    /**
     * Where the seed scenarios' record sink goes, if anywhere: a gateway and how many device resources, and the UDP
     * port of the benchmark's consumer when the records travel by the telemetry uplink (0: they do not).
     */
    public record RecordSink(String gateway, int devices, int telemetryConsumerPort) {
    }

    private final TreeBrokers broker;
    private final Path storage;
    private final Thread boot;
    private volatile TreeHierarchy hierarchy;
    private volatile boolean closed;

    private TreeTarget(TreeBrokers broker, Path storage, Thread boot) {
        this.broker = broker;
        this.storage = storage;
        this.boot = boot;
    }

    /** The {@code security} setting for signature mode with link MACs off. */
    public static final String SIGNATURE_WITHOUT_LINKS = "signature-without-links";

    /**
     * Starts the broker at once and the gateways in the background.
     *
     * @param heartbeatMillis the tree's heartbeat interval; failure timeout 3x, tick a quarter
     * @param securityMode {@code tree.security.mode}: signature (the role snapshots' default), secret or none; or
     *                     {@value #SIGNATURE_WITHOUT_LINKS}: signature with {@code tree.security.link.macs} off, every
     *                     message signed (what link MACs save)
     * @param brokers      embedded, mosquitto or bridged ({@link TreeBrokers})
     * @param replicas     how many gateways serve group B/2 ({@link TreeLayout#withReplicas})
     * @param directRoutes {@code remotequery.route.direct} (gateways of one broker take direct routes)
     * @param batching     {@code delivery.batch.enabled} (the default true)
     * @param countersFile where {@link TargetCounters} writes publishes and CPU by gateway, or null
     */
    public static TreeTarget start(Path kuraConfig, Path coaptreeDp, Path examplesDp, Path gatewaysFile,
            long heartbeatMillis, TreeLayout layout, RecordSink recordSink, String securityMode, String brokers,
            int replicas, boolean directRoutes, boolean batching, Path countersFile) throws IOException {
        List<Gateway> gateways = layout.withReplicas(replicas);
        TreeBrokers broker = TreeBrokers.start(brokers, gateways);
        Path storage = Files.createTempDirectory("coaptree-bench-tree-");
        Map<String, Object> tree = new HashMap<>();
        tree.put("tree.heartbeat.interval.ms", heartbeatMillis);
        tree.put("tree.failure.timeout.ms", 3 * heartbeatMillis);
        tree.put("tree.tick.interval.ms", Math.max(50, heartbeatMillis / 4));
        // The handler refuses a re-attach deadline shorter than failure timeout + tick (its default is 10 s).
        tree.put("tree.reattach.deadline.ms", Math.max(10_000, 3 * heartbeatMillis + Math.max(50, heartbeatMillis / 4)));
        tree.put("tree.join.window.ms", Math.max(100, heartbeatMillis / 2));
        boolean withoutLinks = SIGNATURE_WITHOUT_LINKS.equals(securityMode);
        tree.put("tree.security.mode", withoutLinks ? "signature" : securityMode);
        tree.put("tree.security.link.macs", !withoutLinks);
        tree.put("delivery.batch.enabled", batching);
        if ("secret".equals(securityMode)) {
            tree.put("tree.security.secret", KuraNode.password("a benchmark tree secret of 40 characters"));
        }
        Map<String, Object> server = new HashMap<>();
        server.put("access.writes", "open");
        server.put("limits.resource.body.size", BODY_LIMIT_BYTES);
        TreeHierarchy.Settings settings = new TreeHierarchy.Settings(kuraConfig, coaptreeDp, examplesDp, storage,
                broker.url(gateways.get(0)), tree, server);
        TreeTarget[] self = new TreeTarget[1];
        Thread boot = new Thread(() -> self[0].boot(settings, gateways, recordSink, gatewaysFile, directRoutes,
                countersFile), "bench-tree-boot");
        self[0] = new TreeTarget(broker, storage, boot);
        boot.start();
        return self[0];
    }

    private void boot(TreeHierarchy.Settings settings, List<Gateway> gateways, RecordSink recordSink,
            Path gatewaysFile, boolean directRoutes, Path countersFile) {
        Properties out = new Properties();
        long started = System.nanoTime();
        try {
            TreeHierarchy h = TreeHierarchy.start(settings, gateways, bootTimeout(gateways.size()),
                    GatewayProvisioning.brokerUrl(broker::url));
            hierarchy = h;
            if (closed) {
                h.close();
                return;
            }
            for (Gateway g : h.gateways()) {
                Map<String, Object> rd = new HashMap<>();
                rd.put("lookup.payload.max.bytes", BODY_LIMIT_BYTES);
                // A synced child is one registration at its parent: a domain carries its groups' 800 links and its
                // own, above the default of 1000 links per registration once the root holds a whole domain.
                rd.put("registration.links.max", 10_000);
                rd.put("payload.max.bytes", BODY_LIMIT_BYTES);
                h.node(g.name()).updateConfiguration(RD_PID, rd);
                Map<String, Object> rq = new HashMap<>();
                rq.put("remotequery.max.merged.links", 100_000);
                rq.put("remotequery.lookup.timeout.ms", 10_000L);
                // the seed scenarios keep hundreds of relayed Observe relations and requests pending at once
                rq.put("remotequery.max.pending", 4096);
                rq.put("codec.max.payload.bytes", BODY_LIMIT_BYTES);
                rq.put("remotequery.route.direct", directRoutes);
                h.node(g.name()).updateConfiguration(REMOTE_QUERY_PID, rq);
            }
            if (recordSink != null) {
                io.coaptree.bench.seeds.records.RecordSinkBundle.install(h.node(recordSink.gateway()).bundleContext(),
                        recordSink.devices());
                if (recordSink.telemetryConsumerPort() > 0) {
                    TelemetryUplinkSetup.configure(h, recordSink.gateway(), recordSink.telemetryConsumerPort());
                }
            }
            if (countersFile != null) {
                Map<String, Integer> ports = new java.util.LinkedHashMap<>();
                for (Gateway g : h.gateways()) {
                    ports.put(g.name(), h.coapPort(g.name()));
                }
                TargetCounters.start(countersFile, ports, broker::publishesByClient, broker::brokerFaults);
            }
            for (Gateway g : h.gateways()) {
                out.setProperty("port." + g.name(), Integer.toString(h.coapPort(g.name())));
                out.setProperty("address." + g.name(), g.address());
            }
            out.setProperty("boot.seconds", String.format(java.util.Locale.ROOT, "%.1f",
                    (System.nanoTime() - started) / 1e9));
            out.setProperty("broker.port", Integer.toString(broker.port()));
        } catch (Throwable e) {
            e.printStackTrace();
            out.clear();
            out.setProperty("error", String.valueOf(e));
        }
        try {
            Path tmp = gatewaysFile.resolveSibling(gatewaysFile.getFileName() + ".tmp");
            try (var w = Files.newBufferedWriter(tmp)) {
                out.store(w, "tree target gateways");
            }
            Files.move(tmp, gatewaysFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            e.printStackTrace();
        }
    }

    /** The testbed's boot timeout, and 20 s more for every further gateway (they boot one after the other). */
    static Duration bootTimeout(int gateways) {
        return BOOT_TIMEOUT.plusSeconds(20L * Math.max(0, gateways - 10));
    }

    /** The broker's port (what the ready line reports; the gateways' ports come through the gateways file). */
    public int port() {
        return broker.port();
    }

    @Override
    public void close() throws Exception {
        closed = true;
        boot.join(BOOT_TIMEOUT.toMillis());
        TreeHierarchy h = hierarchy;
        if (h != null) {
            h.close();
        }
        broker.close();
        try (Stream<Path> paths = Files.walk(storage)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temp dir left behind is harmless
        }
    }
}
