package io.coaptree.remotequery.admission;

/**
 * The smallest value seen in the last one to two windows (two alternating buckets), so an old minimum is forgotten
 * when the path gets slower for good, as BBR keeps its minimum round-trip time.
 */
final class WindowedMinimum {

    private final long windowMillis;
    private long bucketStart = Long.MIN_VALUE;
    private long current = Long.MAX_VALUE;
    private long previous = Long.MAX_VALUE;

    WindowedMinimum(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    void add(long now, long value) {
        roll(now);
        current = Math.min(current, value);
    }

    /** The minimum of the recent windows, 0 when nothing was seen lately. */
    long value(long now) {
        roll(now);
        long min = Math.min(current, previous);
        return min == Long.MAX_VALUE ? 0 : min;
    }

    private void roll(long now) {
        if (bucketStart == Long.MIN_VALUE) {
            bucketStart = now;
            return;
        }
        long elapsed = now - bucketStart;
        if (elapsed >= 2 * windowMillis) {
            previous = Long.MAX_VALUE;
            current = Long.MAX_VALUE;
            bucketStart = now;
        } else if (elapsed >= windowMillis) {
            previous = current;
            current = Long.MAX_VALUE;
            bucketStart += windowMillis;
        }
    }
}
