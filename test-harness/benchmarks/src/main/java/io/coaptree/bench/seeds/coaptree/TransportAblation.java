package io.coaptree.bench.seeds.coaptree;

import static io.coaptree.bench.seeds.SeedCharts.fixed;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import io.coaptree.bench.mqtt.EnvelopeFormat;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.StepProgress;
import io.coaptree.bench.seeds.SeedCharts;

/**
 * The first evaluation's MQTT ablation (docs/design.md), in this JVM against the scenario's broker: 1000 exchanges
 * between two gateways for each of {lean, store-backed} x {Kryo, Java serialization}, then growing exchange counts
 * for the two ends of the ablation (Kura's way, where CoAPTree started, and CoAPTree's way).
 */
final class TransportAblation {

    /** One cell of the ablation. */
    record Variant(boolean storeBacked, EnvelopeFormat format) {
        String label() {
            return (storeBacked ? "store-backed" : "lean") + " + " + format.label();
        }

        /** Short enough for a chart's category axis. */
        String shortLabel() {
            return (storeBacked ? "store" : "lean") + " + " + (format == EnvelopeFormat.KRYO ? "Kryo" : "Java");
        }
    }

    static final Variant LEAN_KRYO = new Variant(false, EnvelopeFormat.KRYO);
    static final Variant STORE_JAVA = new Variant(true, EnvelopeFormat.JAVA_SERIALIZATION);
    static final List<Variant> ALL = List.of(STORE_JAVA, new Variant(true, EnvelopeFormat.KRYO),
            new Variant(false, EnvelopeFormat.JAVA_SERIALIZATION), LEAN_KRYO);

    private TransportAblation() {
    }

    /** Rounds per variant; the median is reported, so one round disturbed by the machine's other work does not decide. */
    static final int ROUNDS = 3;

    /**
     * @param broker the URL of the broker both gateways use
     * @param storeLimit the store-backed variants' publishing rate limit (Kura's DataService's)
     */
    static void run(ScenarioContext context, String broker, int exchanges, int coldRounds, List<Integer> growingCounts,
            PublishRateLimit storeLimit) throws Exception {
        ResultTable.Builder table = new ResultTable.Builder("Transport and serialization ablation, " + exchanges
                + " exchanges, median of " + ROUNDS + " rounds", "variant", "total s (median)", "rounds s",
                "exchanges/s", "failed (all rounds)", "failures");
        Map<Variant, List<ExchangeRun.Outcome>> outcomes = new LinkedHashMap<>();
        List<String> labels = new ArrayList<>();
        List<Double> medians = new ArrayList<>();
        // every variant once unrecorded, so none pays alone for class loading, H2's start and the JIT
        for (Variant v : ALL) {
            runOne(broker, v, storeLimit, Math.min(exchanges, 500), "warm-up " + v.label());
        }
        for (int round = 0; round < ROUNDS; round++) {
            for (Variant v : order(round)) {
                outcomes.computeIfAbsent(v, k -> new ArrayList<>())
                        .add(runOne(broker, v, storeLimit, exchanges, v.label() + " round " + (round + 1)));
            }
        }
        for (Variant v : ALL) {
            List<ExchangeRun.Outcome> rounds = outcomes.get(v);
            double median = medianSeconds(rounds);
            long failed = rounds.stream().mapToLong(ExchangeRun.Outcome::failed).sum();
            table.row(v.label(), fixed(median, 2), rounds.stream().map(o -> fixed(o.seconds(), 2)).toList(),
                    fixed(exchanges / median, 0), failed, rounds.stream().map(ExchangeRun.Outcome::failures)
                            .filter(f -> !f.isEmpty()).toList());
            labels.add(v.shortLabel());
            medians.add(median);
        }
        context.table(table.build());
        long leanFailed = outcomes.get(LEAN_KRYO).stream().mapToLong(ExchangeRun.Outcome::failed).sum();
        double lean = medianSeconds(outcomes.get(LEAN_KRYO));
        double store = medianSeconds(outcomes.get(STORE_JAVA));
        context.headline(Headline.against(exchanges + " exchanges, lean + Kryo: failures in " + ROUNDS + " rounds",
                leanFailed + "", "0", leanFailed == 0));
        // The goal is read where the first evaluation measured: once, on freshly started gateways (the cold runs).
        // The warm rounds are reported beside it without a goal: both variants then wait mostly on the same broker
        // round trips, and 500 unrecorded exchanges do not bring the JIT to a settled state (docs/performance.md).
        Map<Variant, Double> cold = cold(context, broker, exchanges, coldRounds, storeLimit);
        context.headline(Headline.reported(exchanges + " exchanges warm (median of " + ROUNDS + " rounds, "
                + "not the first evaluation's method): store-backed + Java serialization / lean + Kryo",
                String.format(Locale.ROOT, "%.1fx (%.2f s / %.2f s)", store / lean, store, lean)));
        CategoryChart chart = SeedCharts.bars("Total time for " + exchanges + " exchanges", "variant", "s", false);
        chart.addSeries("cold (fresh JVMs, median of " + coldRounds + ")", labels,
                ALL.stream().map(cold::get).toList());
        chart.addSeries("warm (median of " + ROUNDS + " rounds)", labels, medians);
        context.chart("ablation-total-time.png", chart);
        growing(context, broker, growingCounts, storeLimit);
    }

    /**
     * The first evaluation's own conditions: each variant's {@code exchanges} run first thing in a freshly started JVM
     * ({@link ColdExchangeMain}), as on gateways that have just booted. One cold run is one sample of class loading,
     * H2's start and the JIT racing the load on a shared machine (a store-backed run took 1.7-3.1 s in three runs
     * minutes apart), so {@code coldRounds} fresh JVMs per variant are started, in alternating order, and the median
     * is compared.
     */
    private static Map<Variant, Double> cold(ScenarioContext context, String broker, int exchanges,
            int coldRounds, PublishRateLimit storeLimit) throws Exception {
        ResultTable.Builder table = new ResultTable.Builder("The same, each variant first thing in a fresh JVM "
                + "(cold, as the first evaluation's gateways), median of " + coldRounds + " fresh JVMs", "variant",
                "total s (median)", "rounds s", "answered (all rounds)", "failures");
        Map<Variant, List<ColdRound>> outcomes = new LinkedHashMap<>();
        for (int round = 0; round < coldRounds; round++) {
            for (Variant v : order(round)) {
                try (StepProgress progress = StepProgress.open("cold " + v.label() + " round " + (round + 1), 1)) {
                    outcomes.computeIfAbsent(v, k -> new ArrayList<>())
                            .add(ColdRound.of(ColdRun.run(broker, v, exchanges, storeLimit)));
                    progress.step();
                }
            }
        }
        Map<Variant, Double> seconds = new LinkedHashMap<>();
        for (Variant v : ALL) {
            List<ColdRound> rounds = outcomes.get(v);
            seconds.put(v, median(rounds.stream().map(ColdRound::seconds).toList()));
            table.row(v.label(), fixed(seconds.get(v), 2), rounds.stream().map(r -> fixed(r.seconds(), 2)).toList(),
                    rounds.stream().mapToLong(ColdRound::answered).sum(), rounds.stream().map(ColdRound::failures)
                            .filter(f -> !f.equals("{}")).toList());
        }
        context.table(table.build());
        long leanFailed = outcomes.get(LEAN_KRYO).stream().mapToLong(r -> exchanges - r.answered()).sum();
        double ratio = seconds.get(STORE_JAVA) / seconds.get(LEAN_KRYO);
        context.headline(Headline.against(exchanges + " exchanges cold (fresh JVMs, median of " + coldRounds
                + "): store-backed + Java serialization / lean + Kryo", String.format(Locale.ROOT,
                        "%.1fx (%.2f s / %.2f s), lean + Kryo %d failed", ratio, seconds.get(STORE_JAVA),
                        seconds.get(LEAN_KRYO), leanFailed), ">= 3x, 0 failed", ratio >= 3 && leanFailed == 0));
        return seconds;
    }

    /** The variants in the order a round runs them: background load drifts, so rounds alternate who goes first. */
    private static List<Variant> order(int round) {
        List<Variant> order = new ArrayList<>(ALL);
        if (round % 2 == 1) {
            Collections.reverse(order);
        }
        return order;
    }

    /** One fresh JVM's run, from the line {@link ColdExchangeMain} printed; its failures as printed there. */
    private record ColdRound(double seconds, long answered, String failures) {
        static ColdRound of(String line) {
            return new ColdRound(Double.parseDouble(ColdRun.field(line, "seconds")),
                    Long.parseLong(ColdRun.field(line, "answered")), line.substring(line.indexOf("failures=") + 9));
        }
    }

    private static double medianSeconds(List<ExchangeRun.Outcome> rounds) {
        return median(rounds.stream().map(ExchangeRun.Outcome::seconds).toList());
    }

    private static double median(List<Double> values) {
        double[] s = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static void growing(ScenarioContext context, String broker, List<Integer> counts,
            PublishRateLimit storeLimit) throws Exception {
        ResultTable.Builder table = new ResultTable.Builder("Growing exchange counts", "exchanges", "variant",
                "total s", "answered", "failed", "failures");
        XYChart chart = SeedCharts.lines("Total time against exchanges", "exchanges", "s", false, false);
        for (Variant v : List.of(LEAN_KRYO, STORE_JAVA)) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int count : counts) {
                ExchangeRun.Outcome o = runOne(broker, v, storeLimit, count, v.label() + " x" + count);
                table.row(count, v.label(), fixed(o.seconds(), 2), o.answered(), o.failed(),
                        o.failures().isEmpty() ? "-" : o.failures().toString());
                x.add((double) count);
                y.add(o.seconds());
            }
            chart.addSeries(v.label(), x, y);
        }
        context.table(table.build());
        context.chart("ablation-growing.png", chart);
    }

    private static ExchangeRun.Outcome runOne(String broker, Variant v, PublishRateLimit storeLimit, int count,
            String step) throws Exception {
        try (StepProgress progress = StepProgress.open(step, count)) {
            return ExchangeRun.run(broker, v.storeBacked(), storeLimit, v.format(), count, progress);
        }
    }
}
