package io.coaptree.bench.seeds.seganet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LatencySummary;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.ServerUsage;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.DeviceBehaviour;
import io.coaptree.bench.seeds.records.GatewayCost;
import io.coaptree.bench.seeds.records.RecordPipeline;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * SegaNet's Figures 1/7 and 2/8 over the telemetry uplink: p99 latency of records from 1 to 256 devices, each
 * sending one record every 100 ms to its gateway's {@code /telemetry}, carried up the tree to the root and handed to
 * the root's CloudPublisher; the tree's CPU split into user and system time; and, per record, the MQTT publishes
 * the entry gateway made and the CPU it and the root spent (with batching on and off).
 */
final class SeganetLatency {

    static final List<Integer> DEVICES = List.of(1, 4, 16, 64, 256);
    static final double INTERVAL_MILLIS = 100;
    static final int RECORD_BYTES = 100;
    /** SegaNet's goal for us: p99 at 256 devices, and CPU below saturation (90% of the cores). */
    static final double P99_GOAL_MILLIS = 50;
    static final double SATURATED_FRACTION = 0.9;
    /** The batching goals at 256 devices, batching on against off. */
    static final double PUBLISH_CUT_GOAL = 5;
    static final double CPU_CUT_GOAL = 2;
    /** The tree JVM's CPU below which the tree counts as idle (heartbeats and polls of five gateways and a broker). */
    static final double IDLE_CORES = 0.3;

    /** SegaNet's p99 at 256 devices on a Raspberry Pi 4 (Figure 7), and at 1 device from its stated ratios. */
    static final double NATIVE_P99_256_MS = 12_700;
    static final double SEGANET_P99_256_MS = 760;
    static final double NATIVE_P99_1_MS = NATIVE_P99_256_MS / 2067;
    static final double SEGANET_P99_1_MS = SEGANET_P99_256_MS / 78;

    /** One sweep over the device counts, with batching on or off. */
    record Sweep(boolean batching, List<Double> p99Millis, List<Double> deliveredPercent,
            List<Double> publishesPerRecord, List<Double> cpuMicrosPerRecord, List<Double> rootMicrosPerRecord,
            List<Double> userPercent, List<Double> systemPercent, Measurement last, ClassProbe.Result urgentIdle,
            ClassProbe.Result urgentLoaded) {

        /** The CPU both gateways a record crosses spend on it: the entry gateway that packs, the root that unpacks. */
        double pathMicrosPerRecord(int step) {
            return cpuMicrosPerRecord.get(step) + rootMicrosPerRecord.get(step);
        }
    }

    private SeganetLatency() {
    }

    static Sweep run(ScenarioContext context, RecordPipeline pipeline, Duration stepTime, boolean batching)
            throws Exception {
        String mode = batching ? "batching on" : "batching off";
        DeviceBehaviour devices = DeviceBehaviour.fixed(INTERVAL_MILLIS, RECORD_BYTES);
        double rate = 1000 / INTERVAL_MILLIS;
        // The gateways' JIT warms up on steps that are not reported with the others. They end at the largest device
        // count, so that every path the measured steps take is compiled before they start: below the batching
        // on-rate (400 records/s to a hop) the batching path never runs, and a 16-device warm-up left the C2
        // compiler busy with it during the 256-device step (41% of the tree JVM's CPU samples in one perf run).
        // The 64-device step first compiles the common paths, so that cold code does not meet the full load and
        // queue seconds of records that would still be draining when the idle tree is probed.
        int most = DEVICES.get(DEVICES.size() - 1);
        for (int n : List.of(DEVICES.get(DEVICES.size() - 2), most)) {
            pipeline.step("warm-up-" + n + "-" + (batching ? "on" : "off"), n, devices, Arrivals.FIXED, rate,
                    n == most ? stepTime : stepTime.dividedBy(2), 1);
        }
        // Without batching the warm-up overloads the tree for a while (one seal per record on cold code): the idle
        // tree is probed once it has settled, not while it recovers.
        double settled = pipeline.awaitIdle(IDLE_CORES, Duration.ofSeconds(60));
        context.note("After the warm-up (" + mode + ") " + (settled < 0
                ? "the tree still used more than " + IDLE_CORES + " of a core after 60 s: the idle probes ran on a "
                        + "busy tree."
                : "the tree used less than " + IDLE_CORES + " of a core after "
                        + String.format(Locale.ROOT, "%.0f s.", settled)));
        // Delivery classes: urgent reads of one device's resource through the root, on the idle tree ...
        ClassProbe.Result urgentIdle = probe(pipeline, true, stepTime);
        ClassProbe.Result normalIdle = probe(pipeline, false, stepTime);
        ClassProbe.Result[] loaded = new ClassProbe.Result[2];
        ResultTable.Builder table = new ResultTable.Builder("Telemetry records to the root (" + mode + "), one every "
                + (int) INTERVAL_MILLIS + " ms per device, " + RECORD_BYTES + " B", "devices", "records/s offered",
                "sent", "delivered", "delivery %", "p50 ms", "p99 ms", "max ms", "MQTT publishes/record",
                "entry gateway CPU µs/record", "of which named threads µs", "root CPU µs/record", "tree JVM CPU %",
                "user %", "system %", "POST failures");
        List<Double> p99 = new ArrayList<>();
        List<Double> delivered = new ArrayList<>();
        List<Double> publishes = new ArrayList<>();
        List<Double> cpuPerRecord = new ArrayList<>();
        List<Double> rootPerRecord = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> system = new ArrayList<>();
        Measurement last = null;
        for (int n : DEVICES) {
            RecordPipeline.StepRecords step = pipeline.step("devices-" + n + "-" + (batching ? "on" : "off"), n,
                    devices, Arrivals.FIXED, rate, stepTime, n);
            Measurement m = step.measurement();
            LatencySummary l = m.load().latency();
            ServerUsage u = m.server();
            // the step's CPU in % of one core, split in the proportion /proc reports user and system time
            double systemPercent = u.cpuSeconds() <= 0 ? 0 : u.cpuPercent() * u.systemCpuSeconds() / u.cpuSeconds();
            double userPercent = u.cpuPercent() - systemPercent;
            long notDelivered = m.load().failures().getOrDefault(RecordPipeline.NOT_DELIVERED, 0L);
            GatewayCost cost = step.cost();
            double deliveredPercent = 100.0 * m.load().succeeded() / Math.max(1, m.load().started());
            table.row(n, fixed(n * rate, 0), m.load().started(), m.load().succeeded(), fixed(deliveredPercent, 1),
                    ms(l.p50Micros()), ms(l.p99Micros()), ms(l.maxMicros()), fixed(cost.publishesPerRecord(), 3),
                    fixed(cost.cpuMicrosPerRecord(), 0), fixed(cost.namedThreadsMicrosPerRecord(), 0),
                    fixed(cost.rootMicrosPerRecord(), 0), fixed(u.cpuPercent(), 0), fixed(userPercent, 0), fixed(systemPercent, 0),
                    m.load().failed() - notDelivered);
            p99.add(Math.max(0.001, l.p99Micros() / 1e3)); // a log axis cannot show 0
            delivered.add(deliveredPercent);
            publishes.add(cost.publishesPerRecord());
            cpuPerRecord.add(cost.cpuMicrosPerRecord());
            rootPerRecord.add(cost.rootMicrosPerRecord());
            user.add(userPercent);
            system.add(systemPercent);
            last = m;
            if (n == DEVICES.get(DEVICES.size() - 1)) {
                ResultTable.Builder threads = new ResultTable.Builder("Where the entry gateway's CPU goes at " + n
                        + " devices (" + mode + "): the threads named after gB1, and Californium's threads of the "
                        + "whole JVM", "thread", "µs of CPU per record");
                cost.microsPerRecordByThread().forEach((name, micros) -> {
                    if (micros >= 0.5) {
                        threads.row(name, fixed(micros, 1));
                    }
                });
                context.table(threads.build());
            }
        }
        context.table(table.build());
        // ... and beside the 256 devices' records, in a step of its own: the probes' reads cost the entry gateway
        // CPU (sealed queries to open, answers to seal), which must not count against the records above
        try (ClassProbe urgentProbe = startProbe(pipeline, true); ClassProbe normalProbe = startProbe(pipeline, false)) {
            pipeline.step("devices-" + most + "-probed-" + (batching ? "on" : "off"), most, devices, Arrivals.FIXED,
                    rate, stepTime, most + 1);
            loaded[0] = urgentProbe.stop();
            loaded[1] = normalProbe.stop();
        }
        context.table(new ResultTable.Builder("Reads of one device's resource through the root by delivery class ("
                + mode + "), one at a time every " + ClassProbe.PAUSE_MILLIS + " ms", "tree", "class", "reads",
                "failed", "p50 ms", "p99 ms")
                .row("idle", "urgent", urgentIdle.reads(), urgentIdle.failed(), ms(urgentIdle.p50Micros()),
                        ms(urgentIdle.p99Micros()))
                .row("idle", "normal", normalIdle.reads(), normalIdle.failed(), ms(normalIdle.p50Micros()),
                        ms(normalIdle.p99Micros()))
                .row(DEVICES.get(DEVICES.size() - 1) + " devices", "urgent", loaded[0].reads(), loaded[0].failed(),
                        ms(loaded[0].p50Micros()), ms(loaded[0].p99Micros()))
                .row(DEVICES.get(DEVICES.size() - 1) + " devices", "normal", loaded[1].reads(), loaded[1].failed(),
                        ms(loaded[1].p50Micros()), ms(loaded[1].p99Micros()))
                .build());
        context.headline(Headline.against("Classes (" + mode + "): urgent p99 at 256 devices against the idle tree",
                String.format(Locale.ROOT, "%.1f ms against %.1f ms", loaded[0].p99Micros() / 1e3,
                        urgentIdle.p99Micros() / 1e3), "within 2x",
                loaded[0].p99Micros() <= 2 * Math.max(1, urgentIdle.p99Micros())));
        headlines(context, last, mode);
        return new Sweep(batching, p99, delivered, publishes, cpuPerRecord, rootPerRecord, user, system, last,
                urgentIdle, loaded[0]);
    }

    private static ClassProbe startProbe(RecordPipeline pipeline, boolean urgent) {
        return new ClassProbe(RecordPipeline.HOST, pipeline.rootPort(), RecordPipeline.recordPath(0), urgent);
    }

    private static ClassProbe.Result probe(RecordPipeline pipeline, boolean urgent, Duration time)
            throws InterruptedException {
        try (ClassProbe probe = startProbe(pipeline, urgent)) {
            Thread.sleep(time.toMillis()); // the probe's duration: it paces itself
            return probe.stop();
        }
    }

    /** Charts of every sweep, and the batching comparison when both batching modes ran. */
    static void compare(ScenarioContext context, Map<Boolean, Sweep> sweeps) {
        XYChart latency = SeedCharts.lines("p99 latency, device to the root's consumer (telemetry uplink)", "devices",
                "p99 (ms)", true, true);
        XYChart perRecord = SeedCharts.lines("MQTT publishes per record at the entry gateway", "devices",
                "publishes / record", true, false);
        XYChart cpu = SeedCharts.lines("Gateway CPU per record", "devices", "µs of CPU / record", true, true);
        for (Sweep s : sweeps.values()) {
            String label = s.batching() ? "batching on" : "batching off";
            latency.addSeries("CoAPTree, " + label, SeedCharts.doubles(DEVICES), s.p99Millis());
            perRecord.addSeries(label, SeedCharts.doubles(DEVICES), s.publishesPerRecord());
            // a log axis cannot show 0, which a step that took in no record reports
            cpu.addSeries("entry gateway, " + label, SeedCharts.doubles(DEVICES),
                    s.cpuMicrosPerRecord().stream().map(v -> Math.max(0.001, v)).toList());
            cpu.addSeries("entry gateway + root, " + label, SeedCharts.doubles(DEVICES), IntStream
                    .range(0, DEVICES.size()).mapToObj(i -> Math.max(0.001, s.pathMicrosPerRecord(i))).toList());
        }
        latency.addSeries("SegaNet, Raspberry Pi 4 (paper)", List.of(1.0, 256.0),
                List.of(SEGANET_P99_1_MS, SEGANET_P99_256_MS));
        latency.addSeries("native gateway, Raspberry Pi 4 (paper)", List.of(1.0, 256.0),
                List.of(NATIVE_P99_1_MS, NATIVE_P99_256_MS));
        context.chart("seganet-p99.png", latency);
        context.chart("seganet-publishes-per-record.png", perRecord);
        context.chart("seganet-gateway-cpu-per-record.png", cpu);
        Sweep first = sweeps.values().iterator().next();
        CategoryChart tree = SeedCharts.bars("The tree's CPU (5 gateways and the broker, one JVM), "
                + (first.batching() ? "batching on" : "batching off"), "devices", "% of one core (200 = both cores)",
                true);
        List<String> labels = DEVICES.stream().map(String::valueOf).toList();
        tree.addSeries("user", labels, first.userPercent());
        tree.addSeries("system", labels, first.systemPercent());
        context.chart("seganet-cpu.png", tree);
        Sweep on = sweeps.get(true);
        Sweep off = sweeps.get(false);
        if (on == null || off == null) {
            return;
        }
        int at = DEVICES.size() - 1;
        double publishCut = off.publishesPerRecord().get(at) / Math.max(1e-9, on.publishesPerRecord().get(at));
        double entryCut = off.cpuMicrosPerRecord().get(at) / Math.max(1e-9, on.cpuMicrosPerRecord().get(at));
        double pathCut = off.pathMicrosPerRecord(at) / Math.max(1e-9, on.pathMicrosPerRecord(at));
        context.headline(Headline.against("Batching: MQTT publishes per record at 256 devices, batching off / on",
                String.format(Locale.ROOT, "%.2f / %.3f = %.1fx", off.publishesPerRecord().get(at),
                        on.publishesPerRecord().get(at), publishCut), ">= " + (int) PUBLISH_CUT_GOAL + "x",
                publishCut >= PUBLISH_CUT_GOAL));
        // The CPU goal is read on the path the uplink carries a record: a batch is packed and sealed once by the
        // entry gateway and opened and unpacked once by the root, and both are gateways the record costs CPU. The
        // entry gateway alone is reported beside it: about 60 µs of each record there is its CoAP intake (the
        // datagram, parsing, deduplication, the 2.04), the same with batching and without (docs/performance.md,
        // "Telemetry uplink").
        context.headline(Headline.against("Batching: gateway CPU per record at 256 devices, entry gateway + root "
                + "(the gateways each record crosses), batching off / on",
                String.format(Locale.ROOT, "%.0f / %.0f µs = %.2fx", off.pathMicrosPerRecord(at),
                        on.pathMicrosPerRecord(at), pathCut), ">= " + (int) CPU_CUT_GOAL + "x",
                pathCut >= CPU_CUT_GOAL));
        context.headline(Headline.reported("Batching: the entry gateway alone, CPU per record at 256 devices, "
                + "batching off / on (its CoAP intake of each record does not batch)",
                String.format(Locale.ROOT, "%.0f / %.0f µs = %.2fx", off.cpuMicrosPerRecord().get(at),
                        on.cpuMicrosPerRecord().get(at), entryCut)));
    }

    private static void headlines(ScenarioContext context, Measurement m, String mode) {
        long p99 = m.load().latency().p99Micros();
        int cores = Runtime.getRuntime().availableProcessors();
        double cpu = m.server().cpuPercent();
        context.headline(Headline.against("SegaNet (" + mode + "): p99 at 256 devices x 10 records/s",
                String.format(Locale.ROOT, "%.1f ms (%.1f%% delivered)", p99 / 1e3,
                        100.0 * m.load().succeeded() / Math.max(1, m.load().started())),
                "< " + (int) P99_GOAL_MILLIS + " ms", p99 < P99_GOAL_MILLIS * 1000));
        context.headline(Headline.against("SegaNet (" + mode + "): the tree's CPU at 256 devices",
                String.format(Locale.ROOT, "%.0f%% of %d00%%", cpu, cores),
                "not saturated (< " + (int) (SATURATED_FRACTION * 100 * cores) + "%)",
                cpu < SATURATED_FRACTION * 100 * cores));
    }
}
