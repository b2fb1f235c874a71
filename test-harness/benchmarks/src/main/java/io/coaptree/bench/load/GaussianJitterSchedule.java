package io.coaptree.bench.load;

import java.util.Random;

/**
 * A constant rate with normally distributed noise on each gap. Gaps are clipped to [0, 2/rate] symmetrically
 * around the mean, so clipping does not shift the long-run rate.
 */
public final class GaussianJitterSchedule implements ArrivalSchedule {

    /** Standard deviation of a gap as a fraction of the mean gap. */
    public static final double DEFAULT_JITTER = 0.3;

    private final double rate;
    private final double meanGapNanos;
    private final double stdDevNanos;
    private final Random random;

    public GaussianJitterSchedule(double ratePerSecond, double jitterFraction, long seed) {
        this.rate = Rates.requirePositive(ratePerSecond);
        if (!(jitterFraction >= 0 && jitterFraction <= 1)) {
            throw new IllegalArgumentException("jitterFraction must be within [0, 1], was " + jitterFraction);
        }
        this.meanGapNanos = 1e9 / ratePerSecond;
        this.stdDevNanos = meanGapNanos * jitterFraction;
        this.random = new Random(seed);
    }

    @Override
    public long nextGapNanos() {
        double gap = meanGapNanos + random.nextGaussian() * stdDevNanos;
        return Math.round(Math.max(0, Math.min(2 * meanGapNanos, gap)));
    }

    @Override
    public double ratePerSecond() {
        return rate;
    }
}
