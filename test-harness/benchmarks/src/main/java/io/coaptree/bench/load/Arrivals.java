package io.coaptree.bench.load;

/** How open-loop arrivals are spaced. */
public enum Arrivals {
    /** Constant gap 1/rate: the gentlest load, every client perfectly regular. */
    FIXED,
    /** Exponentially distributed gaps: independent devices reporting at random, bursts included. */
    POISSON,
    /** Constant rate with normally distributed noise on each gap (a constant-throughput timer plus jitter). */
    GAUSSIAN
}
