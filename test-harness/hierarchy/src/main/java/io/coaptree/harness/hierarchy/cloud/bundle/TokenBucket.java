package io.coaptree.harness.hierarchy.cloud.bundle;

/**
 * Kura's DataService rate limit: a bucket of {@code burst} tokens, one more every {@code periodNanos}; a message of
 * priority 5 or more leaves only with a token. Not thread-safe: the publisher thread alone uses it.
 */
final class TokenBucket {

    private final int burst;
    private final long periodNanos;
    private int tokens;
    private long refilledAt;

    TokenBucket(int burst, long periodNanos) {
        this.burst = burst;
        this.periodNanos = periodNanos;
        this.tokens = burst;
        this.refilledAt = System.nanoTime();
    }

    boolean take() {
        refill();
        if (this.tokens == 0) {
            return false;
        }
        this.tokens--;
        return true;
    }

    /** How long until the next token. */
    long waitNanos() {
        refill();
        return this.tokens > 0 ? 0 : Math.max(1, this.refilledAt + this.periodNanos - System.nanoTime());
    }

    private void refill() {
        long now = System.nanoTime();
        long periods = (now - this.refilledAt) / this.periodNanos;
        if (periods > 0) {
            this.tokens = (int) Math.min(this.burst, this.tokens + periods);
            this.refilledAt = this.tokens == this.burst ? now : this.refilledAt + periods * this.periodNanos;
        }
    }
}
