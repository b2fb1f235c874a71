package io.coaptree.bench.seeds.records;

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

    /** One step: the measurement as reported, and every delivered record's send offset and latency. */
    public record StepRecords(Measurement measurement, RootConsumer.Delivered delivered, DeviceFleet.Sent sent) {
    }

    private final ScenarioContext context;
    private final TreeLaunch tree;
    private final DeviceFleet fleet;
    private final RootConsumer consumer;
    private int steps;

    private RecordPipeline(ScenarioContext context, TreeLaunch tree, DeviceFleet fleet, RootConsumer consumer) {
        this.context = context;
        this.tree = tree;
        this.fleet = fleet;
        this.consumer = consumer;
    }

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
                return new RecordPipeline(context, tree, fleet, consumer);
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
        RootConsumer.Delivered[] delivered = new RootConsumer.Delivered[1];
        DeviceFleet.Sent[] sent = new DeviceFleet.Sent[1];
        Measurement m = context.measureStep(tree.target(), name, active + " devices, " + profile.describe()
                + ", records to the root", expected, progress -> {
                    long start = System.nanoTime();
                    consumer.beginStep(step, active, start, progress::step);
                    sent[0] = fleet.run(step, active, behaviour, duration, seed, () -> { });
                    consumer.awaitDrained(sent[0].records(), Duration.ofSeconds(5));
                    delivered[0] = consumer.endStep();
                    return result(name, profile, sent[0], delivered[0]);
                });
        return new StepRecords(m, delivered[0], sent[0]);
    }

    private static LoadResult result(String name, LoadProfile profile, DeviceFleet.Sent sent,
            RootConsumer.Delivered delivered) {
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
