package io.coaptree.bench.seeds.seganet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
import io.coaptree.bench.seeds.records.RecordPipeline;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * SegaNet's Figures 1/7 and 2/8: p99 latency of records from 1 to 256 devices, each sending one record every
 * 100 ms to its gateway, forwarded to a consumer at the root; and the gateways' CPU split into user and system time.
 */
final class SeganetLatency {

    static final List<Integer> DEVICES = List.of(1, 4, 16, 64, 256);
    static final double INTERVAL_MILLIS = 100;
    static final int RECORD_BYTES = 100;
    /** SegaNet's goal for us: p99 at 256 devices, and CPU below saturation (90% of the cores). */
    static final double P99_GOAL_MILLIS = 50;
    static final double SATURATED_FRACTION = 0.9;

    /** SegaNet's p99 at 256 devices on a Raspberry Pi 4 (Figure 7), and at 1 device from its stated ratios. */
    static final double NATIVE_P99_256_MS = 12_700;
    static final double SEGANET_P99_256_MS = 760;
    static final double NATIVE_P99_1_MS = NATIVE_P99_256_MS / 2067;
    static final double SEGANET_P99_1_MS = SEGANET_P99_256_MS / 78;

    private SeganetLatency() {
    }

    static void run(ScenarioContext context, RecordPipeline pipeline, Duration stepTime) throws Exception {
        DeviceBehaviour devices = DeviceBehaviour.fixed(INTERVAL_MILLIS, RECORD_BYTES);
        double rate = 1000 / INTERVAL_MILLIS;
        // the gateways' JIT and the observe relays warm up on a step that is not reported with the others
        pipeline.step("warm-up-16", 16, devices, Arrivals.FIXED, rate, stepTime.dividedBy(2), 1);
        // Issue 14: reads of one device's resource through the root, urgent and normal, on the idle tree ...
        ClassProbe.Result urgentIdle = probe(pipeline, true, stepTime);
        ClassProbe.Result normalIdle = probe(pipeline, false, stepTime);
        ClassProbe.Result[] loaded = new ClassProbe.Result[2];
        ResultTable.Builder table = new ResultTable.Builder("Records to the root, one every "
                + (int) INTERVAL_MILLIS + " ms per device, " + RECORD_BYTES + " B", "devices", "records/s offered",
                "sent", "delivered", "delivery %", "p50 ms", "p99 ms", "max ms", "target CPU %", "user %",
                "system %", "POST failures");
        List<Double> p99 = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Double> user = new ArrayList<>();
        List<Double> system = new ArrayList<>();
        Measurement last = null;
        for (int n : DEVICES) {
            // ... and beside the 256 devices' records
            ClassProbe urgentProbe = n == DEVICES.get(DEVICES.size() - 1) ? startProbe(pipeline, true) : null;
            ClassProbe normalProbe = urgentProbe == null ? null : startProbe(pipeline, false);
            Measurement m = pipeline.step("devices-" + n, n, devices, Arrivals.FIXED, rate, stepTime, n).measurement();
            if (urgentProbe != null) {
                loaded[0] = urgentProbe.stop();
                loaded[1] = normalProbe.stop();
                urgentProbe.close();
                normalProbe.close();
            }
            LatencySummary l = m.load().latency();
            ServerUsage u = m.server();
            // the step's CPU in % of one core, split in the proportion /proc reports user and system time
            double systemPercent = u.cpuSeconds() <= 0 ? 0 : u.cpuPercent() * u.systemCpuSeconds() / u.cpuSeconds();
            double userPercent = u.cpuPercent() - systemPercent;
            long notDelivered = m.load().failures().getOrDefault(RecordPipeline.NOT_DELIVERED, 0L);
            table.row(n, fixed(n * rate, 0), m.load().started(), m.load().succeeded(),
                    fixed(100.0 * m.load().succeeded() / Math.max(1, m.load().started()), 1), ms(l.p50Micros()),
                    ms(l.p99Micros()), ms(l.maxMicros()), fixed(u.cpuPercent(), 0), fixed(userPercent, 0),
                    fixed(systemPercent, 0), m.load().failed() - notDelivered);
            p99.add(Math.max(0.001, l.p99Micros() / 1e3)); // a log axis cannot show 0
            labels.add(Integer.toString(n));
            user.add(userPercent);
            system.add(systemPercent);
            last = m;
        }
        context.table(table.build());
        context.table(new ResultTable.Builder("Reads of one device's resource through the root by delivery class "
                + "(dc=urgent or the default, normal), one at a time every " + ClassProbe.PAUSE_MILLIS + " ms",
                "tree", "class", "reads", "failed", "p50 ms", "p99 ms")
                .row("idle", "urgent", urgentIdle.reads(), urgentIdle.failed(), ms(urgentIdle.p50Micros()),
                        ms(urgentIdle.p99Micros()))
                .row("idle", "normal", normalIdle.reads(), normalIdle.failed(), ms(normalIdle.p50Micros()),
                        ms(normalIdle.p99Micros()))
                .row(DEVICES.get(DEVICES.size() - 1) + " devices", "urgent", loaded[0].reads(), loaded[0].failed(),
                        ms(loaded[0].p50Micros()), ms(loaded[0].p99Micros()))
                .row(DEVICES.get(DEVICES.size() - 1) + " devices", "normal", loaded[1].reads(), loaded[1].failed(),
                        ms(loaded[1].p50Micros()), ms(loaded[1].p99Micros()))
                .build());
        context.headline(Headline.against("Issue 14: urgent p99 at 256 devices against the idle tree",
                String.format(Locale.ROOT, "%.1f ms against %.1f ms", loaded[0].p99Micros() / 1e3,
                        urgentIdle.p99Micros() / 1e3), "within 2x",
                loaded[0].p99Micros() <= 2 * Math.max(1, urgentIdle.p99Micros())));
        charts(context, p99, labels, user, system);
        headlines(context, last);
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

    private static void charts(ScenarioContext context, List<Double> p99, List<String> labels, List<Double> user,
            List<Double> system) {
        XYChart latency = SeedCharts.lines("p99 latency, device to consumer", "devices", "p99 (ms)", true, true);
        latency.addSeries("CoAPTree (this machine, relayed Observe)", SeedCharts.doubles(DEVICES), p99);
        latency.addSeries("SegaNet, Raspberry Pi 4 (paper)", List.of(1.0, 256.0),
                List.of(SEGANET_P99_1_MS, SEGANET_P99_256_MS));
        latency.addSeries("native gateway, Raspberry Pi 4 (paper)", List.of(1.0, 256.0),
                List.of(NATIVE_P99_1_MS, NATIVE_P99_256_MS));
        context.chart("seganet-p99.png", latency);
        CategoryChart cpu = SeedCharts.bars("Gateways' CPU (5 gateways and the broker, one JVM)", "devices",
                "% of one core (200 = both cores)", true);
        cpu.addSeries("user", labels, user);
        cpu.addSeries("system", labels, system);
        context.chart("seganet-cpu.png", cpu);
    }

    private static void headlines(ScenarioContext context, Measurement m) {
        long p99 = m.load().latency().p99Micros();
        int cores = Runtime.getRuntime().availableProcessors();
        double cpu = m.server().cpuPercent();
        context.headline(Headline.against("SegaNet: p99 at 256 devices x 10 records/s", String.format(Locale.ROOT,
                "%.1f ms (%.1f%% delivered)", p99 / 1e3, 100.0 * m.load().succeeded() / Math.max(1, m.load().started())),
                "< " + (int) P99_GOAL_MILLIS + " ms", p99 < P99_GOAL_MILLIS * 1000));
        context.headline(Headline.against("SegaNet: gateways' CPU at 256 devices", String.format(Locale.ROOT,
                "%.0f%% of %d00%%", cpu, cores), "not saturated (< " + (int) (SATURATED_FRACTION * 100 * cores) + "%)",
                cpu < SATURATED_FRACTION * 100 * cores));
    }
}
