package io.coaptree.bench.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * One target against the baseline on the same step. Ratios are target / baseline: throughput below 1 and
 * latency or CPU above 1 mean the target costs more than the baseline.
 */
public record Comparison(String step, String target, String baseline, double throughputRatio, double p50Ratio,
        double p99Ratio, double cpuPerRequestRatio) {

    public static List<Comparison> against(String baseline, List<Measurement> measurements) {
        List<Comparison> comparisons = new ArrayList<>();
        if (baseline == null) {
            return comparisons;
        }
        for (Measurement base : measurements) {
            if (!base.target().equals(baseline)) {
                continue;
            }
            for (Measurement other : measurements) {
                if (other.target().equals(baseline) || !other.step().equals(base.step())) {
                    continue;
                }
                comparisons.add(new Comparison(base.step(), other.target(), baseline,
                        ratio(other.load().throughputPerSecond(), base.load().throughputPerSecond()),
                        ratio(other.load().latency().p50Micros(), base.load().latency().p50Micros()),
                        ratio(other.load().latency().p99Micros(), base.load().latency().p99Micros()),
                        ratio(other.server().cpuMicrosPerRequest(), base.server().cpuMicrosPerRequest())));
            }
        }
        return comparisons;
    }

    private static double ratio(double value, double base) {
        return base == 0 ? Double.NaN : value / base;
    }
}
