package io.coaptree.bench.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.XYChart;

import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.ServerUsage;
import io.coaptree.bench.seeds.SeedCharts;

/**
 * The tree scenario's goals, table and charts: remote-read latency per offered rate, the rate served before
 * refusals start and beyond it, how long the root took to list everything, threads and heap per gateway.
 */
final class TreeFigures {

    /** The synchronisation goal: 3 s for the testbed's 10 gateways, 15 s for 50. */
    static double syncGoalSeconds(int gateways) {
        return gateways <= 10 ? 3 : 15;
    }

    static final int MAX_THREADS_PER_GATEWAY = 40;

    private TreeFigures() {
    }

    static void report(ScenarioContext context, int gateways, double syncedSeconds, ServerUsage syncUsage,
            List<Measurement[]> pairs, List<Measurement> beyond, long requestTimeoutMillis) {
        double syncGoal = syncGoalSeconds(gateways);
        context.headline(Headline.against("root lists " + gateways + " x 400 resources after the gateways are live",
                syncedSeconds < 0 ? "never (deadline)" : String.format(Locale.ROOT, "%.2f s", syncedSeconds),
                "<= " + (int) syncGoal + " s", syncedSeconds >= 0 && syncedSeconds <= syncGoal));
        double threadsPerGateway = (double) syncUsage.threadsMax() / gateways;
        context.headline(Headline.against("threads per gateway (target JVM's peak / gateways; broker and JVM included)",
                String.format(Locale.ROOT, "%.1f", threadsPerGateway), "<= " + MAX_THREADS_PER_GATEWAY,
                threadsPerGateway <= MAX_THREADS_PER_GATEWAY));
        context.headline(Headline.reported("heap per gateway (target's peak used heap / gateways)",
                String.format(Locale.ROOT, "%.1f MiB", syncUsage.heapUsedMaxBytes() / 1048576.0 / gateways)));
        for (Measurement[] pair : pairs) {
            LoadResult remote = pair[1].load();
            int rate = (int) Math.round(remote.profile().ratePerSecond());
            String value = String.format(Locale.ROOT, "p50 %.2f ms, p99 %.2f ms, %d refused or failed",
                    remote.latency().p50Micros() / 1e3, remote.latency().p99Micros() / 1e3, remote.failed());
            if (rate == 100) {
                context.headline(Headline.against("remote read at 100/s", value, "p50 <= 3 ms, p99 <= 10 ms",
                        remote.latency().p50Micros() <= 3_000 && remote.latency().p99Micros() <= 10_000));
            } else if (rate == 1000) {
                context.headline(Headline.against("remote read at 1000/s", value, "none refused, p99 <= 50 ms",
                        remote.failed() == 0 && remote.latency().p99Micros() <= 50_000));
            }
        }
        List<LoadResult> remotes = new ArrayList<>();
        pairs.forEach(p -> remotes.add(p[1].load()));
        beyond.forEach(m -> remotes.add(m.load()));
        double peak = remotes.stream().mapToDouble(LoadResult::throughputPerSecond).max().orElse(0);
        double servedBeforeRefusals = remotes.stream().filter(r -> r.failed() == 0)
                .mapToDouble(LoadResult::throughputPerSecond).max().orElse(0);
        context.headline(Headline.reported("remote reads served per second before refusals start",
                String.format(Locale.ROOT, "%.0f/s (peak served %.0f/s)", servedBeforeRefusals, peak)));
        if (!beyond.isEmpty()) {
            LoadResult last = beyond.get(beyond.size() - 1).load();
            double share = peak == 0 ? 0 : last.throughputPerSecond() / peak;
            long tenth = requestTimeoutMillis * 1000 / 10;
            context.headline(Headline.against("beyond capacity (" + (int) last.profile().ratePerSecond()
                    + "/s offered): served share of the peak, p99 of the admitted",
                    String.format(Locale.ROOT, "%.0f%%, p99 %.1f ms, refused %d", 100 * share,
                            last.latency().p99Micros() / 1e3, last.failed()),
                    ">= 90%, p99 < " + tenth / 1000 + " ms", share >= 0.9 && last.latency().p99Micros() < tenth));
        }
        ResultTable.Builder table = new ResultTable.Builder("Remote reads (gA1 -> gB2) by offered rate",
                "offered /s", "served /s", "p50 ms", "p99 ms", "refused or failed", "target CPU %");
        for (int i = 0; i < remotes.size(); i++) {
            LoadResult r = remotes.get(i);
            Measurement m = i < pairs.size() ? pairs.get(i)[1] : beyond.get(i - pairs.size());
            table.row((int) r.profile().ratePerSecond(), SeedCharts.fixed(r.throughputPerSecond(), 0),
                    SeedCharts.ms(r.latency().p50Micros()), SeedCharts.ms(r.latency().p99Micros()),
                    r.failed() + (r.failures().isEmpty() ? "" : " " + r.failures()),
                    SeedCharts.fixed(m.server().cpuPercent(), 0));
        }
        context.table(table.build());

        XYChart latency = SeedCharts.lines("Remote read latency, " + gateways + " gateways", "offered requests/s",
                "ms", true, true);
        List<Double> offered = remotes.stream().map(r -> r.profile().ratePerSecond()).toList();
        latency.addSeries("remote p50", offered, remotes.stream().map(r -> r.latency().p50Micros() / 1e3).toList());
        latency.addSeries("remote p99", offered, remotes.stream().map(r -> r.latency().p99Micros() / 1e3).toList());
        List<Double> localOffered = pairs.stream().map(p -> p[0].load().profile().ratePerSecond()).toList();
        latency.addSeries("local p99", localOffered,
                pairs.stream().map(p -> p[0].load().latency().p99Micros() / 1e3).toList());
        context.chart("tree-" + gateways + "-latency.png", latency);
        XYChart served = SeedCharts.lines("Remote reads served, " + gateways + " gateways", "offered requests/s",
                "served requests/s", true, true);
        served.addSeries("served", offered, remotes.stream().map(LoadResult::throughputPerSecond).toList());
        served.addSeries("offered", offered, offered);
        context.chart("tree-" + gateways + "-served.png", served);
    }
}
