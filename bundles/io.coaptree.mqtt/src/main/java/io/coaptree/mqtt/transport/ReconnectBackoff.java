package io.coaptree.mqtt.transport;

import java.util.Random;

/**
 * Delays between reconnection attempts: doubling from an initial delay up to a maximum, each randomised to
 * between half and all of its value so that gateways that lost the same broker do not return in lock step.
 * Not thread-safe: the single connector thread owns it.
 */
public final class ReconnectBackoff {

    private final long initialDelayMillis;
    private final long maxDelayMillis;
    private final Random random;
    private int attempts;

    public ReconnectBackoff(long initialDelayMillis, long maxDelayMillis, Random random) {
        if (initialDelayMillis < 1) {
            throw new IllegalArgumentException("initialDelayMillis: " + initialDelayMillis + " must be positive");
        }
        if (maxDelayMillis < initialDelayMillis) {
            throw new IllegalArgumentException(
                    "maxDelayMillis: " + maxDelayMillis + " is below initialDelayMillis " + initialDelayMillis);
        }
        this.initialDelayMillis = initialDelayMillis;
        this.maxDelayMillis = maxDelayMillis;
        this.random = random;
    }

    /** The delay before the next attempt; each call counts one attempt. */
    public long nextDelayMillis() {
        long ceiling = initialDelayMillis << Math.min(attempts, 30);
        if (ceiling <= 0 || ceiling > maxDelayMillis) {
            ceiling = maxDelayMillis;
        }
        attempts++;
        long half = ceiling / 2;
        return half + (long) (random.nextDouble() * (ceiling - half + 1));
    }

    /** Starts again from the initial delay, after a successful connection. */
    public void reset() {
        attempts = 0;
    }
}
