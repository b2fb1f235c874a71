package io.coaptree.bench.seeds.coaptree;

import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Kura's DataService publishing rate limit ({@code enable.rate.limit}, {@code rate.limit.average} per
 * {@code rate.limit.time.unit}, {@code rate.limit.burst.size}), which Kura ships switched on at one message a second
 * with a burst of one. The store-backed uplink applies it when set, so the ablation can be run against a
 * DataService as Kura configures it, not only against one whose owner raised or switched off the limit.
 *
 * @param perSecond messages a second on average; 0 means no limit
 * @param burst messages that may go at once after a quiet time
 */
record PublishRateLimit(double perSecond, int burst) {

    static final PublishRateLimit OFF = new PublishRateLimit(0, 0);
    /** What a Kura 5.6 DataService does unless configured otherwise. */
    static final PublishRateLimit KURA_DEFAULT = new PublishRateLimit(1, 1);

    PublishRateLimit {
        if (perSecond < 0 || Double.isNaN(perSecond) || Double.isInfinite(perSecond) || (perSecond > 0 && burst < 1)) {
            throw new IllegalArgumentException("a rate limit needs a rate of at least 0 and, when on, a burst of at "
                    + "least 1: " + perSecond + "/" + burst);
        }
    }

    boolean on() {
        return perSecond > 0;
    }

    /**
     * Reads the scenario setting {@code store.rate.limit}: {@code off}, {@code kura} (Kura's default), {@code N}
     * (N a second, burst 1) or {@code N/B} (burst B).
     */
    static PublishRateLimit parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("off") || t.equals("0")) {
            return OFF;
        }
        if (t.equals("kura")) {
            return KURA_DEFAULT;
        }
        try {
            int slash = t.indexOf('/');
            return slash < 0 ? new PublishRateLimit(Double.parseDouble(t), 1)
                    : new PublishRateLimit(Double.parseDouble(t.substring(0, slash)),
                            Integer.parseInt(t.substring(slash + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("store.rate.limit: off, kura, N or N/B (messages a second, burst), not "
                    + text);
        }
    }

    /** The form {@link #parse} reads, for a child JVM's arguments. */
    String text() {
        return on() ? perSecond + "/" + burst : "off";
    }

    /** A full bucket for one publisher, or null when the limit is off. */
    TokenBucket newBucket(LongSupplier nanoTime) {
        return on() ? new TokenBucket(perSecond, burst, nanoTime) : null;
    }

    /** Tokens refill at the average rate up to the burst; one is spent per publish. Not thread-safe: one publisher. */
    static final class TokenBucket {
        private final double perNano;
        private final double capacity;
        private final LongSupplier nanoTime;
        private double tokens;
        private long last;

        TokenBucket(double perSecond, int burst, LongSupplier nanoTime) {
            this.perNano = perSecond / 1e9;
            this.capacity = burst;
            this.nanoTime = nanoTime;
            this.tokens = burst;
            this.last = nanoTime.getAsLong();
        }

        /** Nanoseconds until a token is there, 0 if one is now. */
        long nanosUntilToken() {
            refill();
            return tokens >= 1 ? 0 : (long) Math.ceil((1 - tokens) / perNano);
        }

        /** Spends a token; the caller checked {@link #nanosUntilToken()} first. */
        void spend() {
            refill();
            tokens -= 1;
        }

        private void refill() {
            long now = nanoTime.getAsLong();
            tokens = Math.min(capacity, tokens + (now - last) * perNano);
            last = now;
        }
    }
}
