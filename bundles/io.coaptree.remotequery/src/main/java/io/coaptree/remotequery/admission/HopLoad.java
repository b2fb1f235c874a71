package io.coaptree.remotequery.admission;

/**
 * What one next hop is doing, as seen from here: requests in flight to it, the interval between its answers while it
 * had work (its service rate, whatever its parallelism), and the shortest answer time lately (the path's latency
 * without queueing). Not thread-safe: {@link Admission} guards it.
 */
final class HopLoad {

    /** Weight of a new sample in the moving average of the answer interval: about the last 8 answers count. */
    private static final double GAIN = 1.0 / 8;

    private int inFlight;
    private double intervalMillis;
    private boolean sampled;
    private long lastAnswerAt = Long.MIN_VALUE;
    private boolean busySinceLastAnswer;
    private final WindowedMinimum baseLatency;

    HopLoad(long latencyWindowMillis) {
        this.baseLatency = new WindowedMinimum(latencyWindowMillis);
    }

    int inFlight() {
        return inFlight;
    }

    /**
     * Little's law for a queue served at the measured rate: a request sent now first waits for the ones in flight to
     * be answered, one interval each.
     */
    double queueingMillis() {
        return inFlight * intervalMillis;
    }

    /** The path's own answer time, without queueing: the shortest lately. */
    double latencyMillis(long now) {
        return baseLatency.value(now);
    }

    void sent() {
        inFlight++;
    }

    /** An answer came (or the request ended unanswered, {@code latencyMillis} < 0): one request fewer in flight. */
    void done(long now, long latencyMillis) {
        if (busySinceLastAnswer) {
            double sample = now - lastAnswerAt;
            // The first sample is taken as it is: an average started at 0 would admit a long queue while it rises.
            intervalMillis = sampled ? intervalMillis + GAIN * (sample - intervalMillis) : sample;
            sampled = true;
        }
        if (latencyMillis >= 0) {
            baseLatency.add(now, latencyMillis);
        }
        inFlight = Math.max(0, inFlight - 1);
        lastAnswerAt = now;
        // Only a gap during which requests waited measures the hop's speed; idle time before a request does not.
        busySinceLastAnswer = inFlight > 0;
    }
}
