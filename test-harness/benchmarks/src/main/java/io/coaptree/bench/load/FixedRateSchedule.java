package io.coaptree.bench.load;

/** Evenly spaced arrivals. Carries the fractional nanosecond so the long-run rate is exact. */
public final class FixedRateSchedule implements ArrivalSchedule {

    private final double rate;
    private final double gapNanos;
    private double carry;

    public FixedRateSchedule(double ratePerSecond) {
        this.rate = Rates.requirePositive(ratePerSecond);
        this.gapNanos = 1e9 / ratePerSecond;
    }

    @Override
    public long nextGapNanos() {
        carry += gapNanos;
        long whole = (long) carry;
        carry -= whole;
        return whole;
    }

    @Override
    public double ratePerSecond() {
        return rate;
    }
}
