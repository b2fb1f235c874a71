package io.coaptree.bench.seeds.records;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LatencySummary;
import io.coaptree.bench.load.LoadEngine;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.tree.TreeLaunch;
import io.coaptree.bench.tree.TreeLayout;
import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * Records from devices to a consumer at the root, through the tree: the {@link TreeLayout#CHAIN} tree (broker and 5
 * gateways in one target JVM) with the record sink on group gateway {@value #SINK_GATEWAY}, a {@link DeviceFleet}
 * posting to it, and a {@link RootConsumer} observing every device's resource at the root. A step's latency is
 * one-way, device to consumer; its "succeeded" count is records delivered, so the delivery rate is
 * succeeded / started.
 */
public final class RecordPipeline implements AutoCloseable {

    static final String SINK_GATEWAY = "gB1";
    static final String SINK_ADDRESS = "B/1/" + SINK_GATEWAY;
    /** The address the tree's gateways listen on. */
    public static final String HOST = "127.0.0.1";
    /** The failure reason of records that were sent and never reached the consumer. */
    public static final String NOT_DELIVERED = "not delivered to the root";

    /**
     * One step: the measurement as reported, every delivered record's send offset and latency, and (telemetry
     * pipelines) what the entry gateway spent on them, else null.
     */
    public record StepRecords(Measurement measurement, RecordConsumer.Delivered delivered, DeviceFleet.Sent sent,
            GatewayCost cost) {
    }

    private final ScenarioContext context;
    private final TreeLaunch tree;
    private final DeviceFleet fleet;
    private final RecordConsumer consumer;
    /** The target's counters (telemetry pipelines), or null. */
    private final Path counters;
    private int steps;

    private RecordPipeline(ScenarioContext context, TreeLaunch tree, DeviceFleet fleet, RecordConsumer consumer,
            Path counters) {
        this.context = context;
        this.tree = tree;
        this.fleet = fleet;
        this.consumer = consumer;
        this.counters = counters;
    }

    /**
     * Records by the telemetry uplink: devices POST to the sink gateway's {@code /telemetry}, the gateway publishes
     * them up the tree (sealed, batched while the rate is high if {@code batching}), the root hands them to its
     * CloudPublisher, which sends each to a {@link CloudDatagramConsumer} here.
     */
    public static RecordPipeline startTelemetry(ScenarioContext context, String label, int devices, boolean batching)
            throws Exception {
        CloudDatagramConsumer consumer = new CloudDatagramConsumer();
        Path counters = context.outputDir().resolve(label + "-counters.properties");
        try {
            TreeLaunch tree = TreeLaunch.start(context, label, TreeLayout.CHAIN,
                    List.of("--record-sink", SINK_GATEWAY, "--record-devices", Integer.toString(devices),
                            "--telemetry-consumer-port", Integer.toString(consumer.port()),
                            "--counters-file", counters.toAbsolutePath().toString(),
                            "--tree-security", context.options().setting("security", "signature"),
                            "--tree-batching", Boolean.toString(batching)), 1024, 1000,
                    Duration.ofSeconds(240));
            return new RecordPipeline(context, tree, new DeviceFleet(HOST, tree.ports().get(SINK_GATEWAY), devices,
                    d -> TELEMETRY_PATH), consumer, counters);
        } catch (Exception | Error e) {
            consumer.close();
            throw e;
        }
    }

    /** The path of the entry gateway's telemetry resource. */
    static final String TELEMETRY_PATH = "telemetry";

    /** Boots the tree with the sink, opens {@code devices} device clients and the consumer's relations. */
    public static RecordPipeline start(ScenarioContext context, String label, int devices) throws Exception {
        TreeLaunch tree = TreeLaunch.start(context, label, TreeLayout.CHAIN,
                List.of("--record-sink", SINK_GATEWAY, "--record-devices", Integer.toString(devices),
                        "--tree-security", context.options().setting("security", "signature"),
                        "--tree-batching", context.options().setting("batching", "true")), 1024, 1000,
                Duration.ofSeconds(240));
        try {
            DeviceFleet fleet = new DeviceFleet(HOST, tree.ports().get(SINK_GATEWAY), devices);
            try (var progress = context.progress("observe " + devices + " devices through the root", devices)) {
                RootConsumer consumer = RootConsumer.observe(HOST, tree.ports().get(TreeHierarchy.ROOT_NAME),
                        SINK_ADDRESS, devices, Duration.ofSeconds(120));
                progress.stepBy(devices);
                if (!consumer.unobserved().isEmpty()) {
                    context.note("No Observe relation through the root could be established within 2 minutes for "
                            + "devices " + consumer.unobserved() + "; their records count as not delivered.");
                }
                return new RecordPipeline(context, tree, fleet, consumer, null);
            }
        } catch (Exception | Error e) {
            context.stopTarget(tree.target());
            throw e;
        }
    }

    public TargetProcess target() {
        return tree.target();
    }

    public double bootSeconds() {
        return tree.bootSeconds();
    }

    /**
     * Waits until the tree JVM uses less than {@code cores} of CPU over a second (a step that overloaded it may
     * leave work behind after its records arrived: heartbeats and acknowledgements still queued, a collection of
     * what the backlog promoted), at most {@code deadline}.
     *
     * @return the seconds waited, or -1 if the tree was still busy at the deadline
     */
    public double awaitIdle(double cores, Duration deadline) throws InterruptedException {
        long start = System.nanoTime();
        long cpu = tree.target().sample().cpuNanos();
        long at = System.nanoTime();
        while (System.nanoTime() - start < deadline.toNanos()) {
            Thread.sleep(1_000);
            long nextCpu = tree.target().sample().cpuNanos();
            long now = System.nanoTime();
            if (nextCpu - cpu < cores * (now - at)) {
                return (now - start) / 1e9;
            }
            cpu = nextCpu;
            at = now;
        }
        return -1;
    }

    /** The root gateway's CoAP port. */
    public int rootPort() {
        return tree.ports().get(TreeHierarchy.ROOT_NAME);
    }

    /** The tree URI of a device's record resource on the sink gateway, e.g. for reads through the root. */
    public static String recordPath(int device) {
        return "/tree/" + SINK_ADDRESS + "/records/" + device;
    }

    /** Runs one step: {@code active} devices send for {@code duration}; the consumer counts what reaches it. */
    public StepRecords step(String name, int active, DeviceBehaviour behaviour, Arrivals arrivals,
            double ratePerDevice, Duration duration, long seed) throws Exception {
        int step = ++steps;
        long expected = Math.round(active * ratePerDevice * duration.toNanos() / 1e9);
        LoadProfile profile = LoadProfile.openLoop(name, arrivals, active * ratePerDevice, active, duration,
                Math.max(1, expected)).withRequestTimeout(Duration.ofSeconds(5));
        RecordConsumer.Delivered[] delivered = new RecordConsumer.Delivered[1];
        DeviceFleet.Sent[] sent = new DeviceFleet.Sent[1];
        GatewayCost[] cost = new GatewayCost[1];
        Measurement m = context.measureStep(tree.target(), name, active + " devices, " + profile.describe()
                + ", records to the root", expected, progress -> {
                    GatewayCost.Reading before = counters == null ? null : GatewayCost.Reading.of(counters);
                    long start = System.nanoTime();
                    consumer.beginStep(step, active, start, progress::step);
                    sent[0] = fleet.run(step, active, behaviour, duration, seed, () -> { });
                    consumer.awaitDrained(sent[0].records(), Duration.ofSeconds(5));
                    delivered[0] = consumer.endStep();
                    if (counters != null) {
                        Thread.sleep(600); // the target writes its counters every 250 ms
                        long taken = sent[0].records() - sent[0].failures().values().stream()
                                .mapToLong(Long::longValue).sum();
                        cost[0] = GatewayCost.between(before, GatewayCost.Reading.of(counters), SINK_GATEWAY,
                                TreeHierarchy.ROOT_NAME, taken);
                    }
                    return result(name, profile, sent[0], delivered[0]);
                });
        return new StepRecords(m, delivered[0], sent[0], cost[0]);
    }

    private static LoadResult result(String name, LoadProfile profile, DeviceFleet.Sent sent,
            RecordConsumer.Delivered delivered) {
        Map<String, Long> failures = new TreeMap<>(sent.failures());
        long postFailures = failures.values().stream().mapToLong(Long::longValue).sum();
        long lost = sent.records() - delivered.records() - postFailures;
        if (lost > 0) {
            failures.put(NOT_DELIVERED, lost);
        }
        double seconds = Math.max(1e-9, sent.seconds());
        return new LoadResult(name, profile, sent.records(), delivered.records(), failures, seconds,
                delivered.records() / seconds, LatencySummary.of(delivered.latencyMicros()), List.of(),
                LoadEngine.percentileCurve(delivered.latencyMicros()));
    }

    @Override
    public void close() {
        consumer.close();
        fleet.close();
        context.stopTarget(tree.target());
    }
}
