package io.coaptree.bench.load;

import java.util.SplittableRandom;

/** A Poisson arrival process: gaps are exponential with mean 1/rate (inverse-transform sampling). */
public final class PoissonSchedule implements ArrivalSchedule {

    private final double rate;
    private final double meanGapNanos;
    private final SplittableRandom random;

    public PoissonSchedule(double ratePerSecond, long seed) {
        this.rate = Rates.requirePositive(ratePerSecond);
        this.meanGapNanos = 1e9 / ratePerSecond;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public long nextGapNanos() {
        // 1 - u lies in (0, 1], so the logarithm is finite
        double u = 1.0 - random.nextDouble();
        return Math.round(-Math.log(u) * meanGapNanos);
    }

    @Override
    public double ratePerSecond() {
        return rate;
    }
}
