package io.coaptree.bench.load;

import org.HdrHistogram.Histogram;

/** Latency percentiles in microseconds, read from an HdrHistogram recorded in microseconds. */
public record LatencySummary(long count, double meanMicros, long p50Micros, long p90Micros, long p99Micros,
        long p999Micros, long maxMicros) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0);

    public static LatencySummary of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(micros.getTotalCount(), micros.getMean(),
                micros.getValueAtPercentile(50), micros.getValueAtPercentile(90),
                micros.getValueAtPercentile(99), micros.getValueAtPercentile(99.9), micros.getMaxValue());
    }
}
