package io.coaptree.bench.seeds.iotfm;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.XYChart;

import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.DeviceBehaviour;
import io.coaptree.bench.seeds.records.RecordPipeline;

/**
 * The IoT-FM load-testing method, scaled to this machine: seeded Gaussian clients (gap to the next record
 * and record size each normal with the mean and standard deviation set below, a fixed seed so a run repeats
 * exactly) send records through the tree to a consumer at the root; one-way latency (the due send time travels in
 * the record) at 1 to 500 clients in increasing and decreasing order, and how the mean and p99 settle as a trial
 * gets longer.
 * <p>
 * Settings: {@code interval.mean.ms} (500), {@code interval.sd.ms} (150), {@code size.mean} (400 B),
 * {@code size.sd} (150 B), {@code seed} (2022), {@code step.ms} (10000; quick 2500), {@code trial.ms} (40000;
 * quick 8000).
 */
public final class SeedIotfmScenario implements Scenario {

    static final List<Integer> CLIENTS = List.of(1, 5, 10, 50, 100, 500);
    /** Quick runs stop at 100: registering 500 relations through the tree alone takes 1-2 minutes. */
    static final List<Integer> QUICK_CLIENTS = List.of(1, 10, 100);

    @Override
    public String name() {
        return "seed-iotfm";
    }

    @Override
    public String description() {
        return "IoT-FM's load-testing method: seeded Gaussian clients (each a CoAP client with its own "
                + "UDP port; gap and record size normally distributed, fixed seed) send records to a group gateway "
                + "of a 5-gateway tree, relayed by Observe to a consumer at the root; one-way latency at 1 to 500 "
                + "clients in increasing and decreasing order, and the convergence of mean and p99 with trial length.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions o = context.options();
        boolean quick = o.quick();
        double meanGap = o.setting("interval.mean.ms", 500);
        double sdGap = o.setting("interval.sd.ms", 150);
        int meanSize = o.setting("size.mean", 400);
        int sdSize = o.setting("size.sd", 150);
        long seed = o.setting("seed", 2022);
        Duration step = Duration.ofMillis(o.setting("step.ms", quick ? 2_500 : 10_000));
        Duration trial = Duration.ofMillis(o.setting("trial.ms", quick ? 8_000 : 40_000));
        List<Integer> clients = quick ? QUICK_CLIENTS : CLIENTS;
        DeviceBehaviour behaviour = DeviceBehaviour.gaussian(meanGap, sdGap, meanSize, sdSize, seed);
        double rate = 1000 / meanGap;
        int most = clients.get(clients.size() - 1);
        try (RecordPipeline pipeline = RecordPipeline.start(context, "tree-5-gateways", most)) {
            Map<String, List<ClientOrder.Point>> orders = ClientOrder.run(context, pipeline, clients, behaviour, rate,
                    step, seed);
            XYChart chart = SeedCharts.lines("Latency against trial length (mean +/- 1 sd; p99)",
                    "trial length (s)", "ms", true, false);
            ResultTable.Builder table = new ResultTable.Builder("Convergence with trial length", "clients",
                    "trial s", "records", "mean ms", "sd ms", "p99 ms");
            for (int n : quick ? List.of(50) : List.of(50, 500)) {
                List<TrialConvergence.Prefix> prefixes = TrialConvergence.run(context, pipeline, n, behaviour, rate,
                        trial, seed, chart, table);
                TrialConvergence.Prefix half = prefixes.get(prefixes.size() - 2);
                TrialConvergence.Prefix whole = prefixes.get(prefixes.size() - 1);
                context.headline(Headline.reported("IoT-FM: " + n + " clients, mean latency at T/2 and T",
                        String.format(Locale.ROOT, "%.2f / %.2f ms (p99 %.1f / %.1f ms; T = %.0f s)", half.meanMs(),
                                whole.meanMs(), half.p99Ms(), whole.p99Ms(), whole.seconds())));
            }
            context.table(table.build());
            context.chart("iotfm-convergence.png", chart);
            headlines(context, orders);
            context.note("Clients: gap ~ N(" + meanGap + " ms, " + sdGap + " ms), record size ~ N(" + meanSize
                    + " B, " + sdSize + " B), seed " + seed + "; " + step.toMillis() / 1000.0 + " s per client "
                    + "count, trials of " + trial.toMillis() / 1000.0 + " s. The paper's clients were JMeter MQTT "
                    + "threads publishing to AWS IoT Core, latency up to the database write; ours are CoAP devices "
                    + "posting to a gateway, latency up to the consumer at the root of the tree.");
        }
    }

    private static void headlines(ScenarioContext context, Map<String, List<ClientOrder.Point>> orders) {
        List<ClientOrder.Point> up = orders.get("increasing");
        List<ClientOrder.Point> down = orders.get("decreasing");
        ClientOrder.Point upMost = up.get(up.size() - 1);
        ClientOrder.Point downMost = down.get(down.size() - 1);
        context.headline(Headline.reported("IoT-FM: " + upMost.clients() + " clients, mean / p99, increasing vs "
                + "decreasing order", String.format(Locale.ROOT, "%.2f / %.1f ms vs %.2f / %.1f ms (%.1f%% / %.1f%% "
                + "delivered)", upMost.meanMs(), upMost.p99Ms(), downMost.meanMs(), downMost.p99Ms(),
                upMost.deliveredPercent(), downMost.deliveredPercent())));
    }
}
