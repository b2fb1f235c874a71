package io.coaptree.bench.load;

import java.util.List;
import java.util.Map;

/**
 * What one load step measured on the client side.
 *
 * @param started            requests sent
 * @param succeeded          requests answered with success
 * @param failures           failed requests by reason ("timeout", "overload", "coap 5.03", ...)
 * @param elapsedSeconds     from the first send until the last completion
 * @param throughputPerSecond succeeded / elapsedSeconds
 * @param latency            latency of successful requests; open loop measures from the intended send time, so
 *                           time a request waited because the generator or the machine fell behind is included
 * @param timeline           per-second completions and latency, to see warm-up effects and stalls
 * @param percentiles        the latency percentile curve (for plotting the tail)
 */
public record LoadResult(String name, LoadProfile profile, long started, long succeeded, Map<String, Long> failures,
        double elapsedSeconds, double throughputPerSecond, LatencySummary latency, List<IntervalPoint> timeline,
        List<PercentilePoint> percentiles) {

    public long failed() {
        return failures.values().stream().mapToLong(Long::longValue).sum();
    }

    /** One second of a run. */
    public record IntervalPoint(double atSeconds, long completed, long p50Micros, long p99Micros, long maxMicros) {
    }

    /** Latency at a percentile. */
    public record PercentilePoint(double percentile, long micros) {
    }
}
