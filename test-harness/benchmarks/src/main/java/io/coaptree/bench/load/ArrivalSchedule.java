package io.coaptree.bench.load;

/**
 * When an open-loop generator sends its next request: the gap to the next intended send time.
 * Instances are used by one pacing thread and need not be thread-safe.
 */
public interface ArrivalSchedule {

    /** Nanoseconds from the previous intended send time to the next one; never negative. */
    long nextGapNanos();

    /** The long-run mean rate this schedule produces, in requests per second. */
    double ratePerSecond();

    static ArrivalSchedule of(Arrivals kind, double ratePerSecond, long seed) {
        return switch (kind) {
            case FIXED -> new FixedRateSchedule(ratePerSecond);
            case POISSON -> new PoissonSchedule(ratePerSecond, seed);
            case GAUSSIAN -> new GaussianJitterSchedule(ratePerSecond, GaussianJitterSchedule.DEFAULT_JITTER, seed);
        };
    }
}
