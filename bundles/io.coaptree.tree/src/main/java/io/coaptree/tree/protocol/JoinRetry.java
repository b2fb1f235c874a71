package io.coaptree.tree.protocol;

import java.util.Optional;

import io.coaptree.tree.model.NodeAddress;

/**
 * When a refused gateway asks to join again. A refusal says the gateway's name is held by a live gateway; that
 * gateway may stop, be replaced or be renamed, so a refusal is never final: the gateway asks again after a delay
 * that starts at the failure timeout (a holder that died is marked down by then) and doubles with each refusal up
 * to {@value #MAX_DOUBLINGS} doublings, so a lasting conflict costs one join request per few minutes, not a flood.
 * Not thread-safe: the protocol calls it under its lock.
 */
final class JoinRetry {

    /** 2^5 = 32 failure timeouts at most: 192 s with the default 6 s. */
    static final int MAX_DOUBLINGS = 5;

    private final long firstDelayMillis;
    private long delayMillis;
    private long nextAttemptAt;
    private String refusedBy;
    private String reason;

    /** @param failureTimeoutMillis the tree's failure timeout, the first delay */
    JoinRetry(long failureTimeoutMillis) {
        this.firstDelayMillis = failureTimeoutMillis;
    }

    /**
     * A refusal arrived: the next attempt is due after the current delay, which then doubles.
     *
     * @param by the gateway that refused (its node address), as its seal proved
     * @param why the refusal's reason, for the operator
     * @return when the next attempt is due
     */
    long refused(long now, String by, String why) {
        delayMillis = delayMillis == 0 ? firstDelayMillis
                : Math.min(delayMillis * 2, firstDelayMillis << MAX_DOUBLINGS);
        nextAttemptAt = now + delayMillis;
        refusedBy = by;
        reason = why;
        return nextAttemptAt;
    }

    boolean due(long now) {
        return now >= nextAttemptAt;
    }

    /** The join succeeded: the next refusal starts from the first delay again. */
    void joined() {
        delayMillis = 0;
        refusedBy = null;
        reason = null;
    }

    /** Why the last join was refused, while refused. */
    Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** The reason a gateway gives when refusing a newcomer that claims the name of {@code holder}. */
    static String nameInUse(NodeAddress holder) {
        return "node name '" + holder.name() + "' is already in use by the live gateway " + holder
                + "; configure a unique tree.node.name";
    }

    /** Who refused the last join, while refused. */
    Optional<String> refusedBy() {
        return Optional.ofNullable(refusedBy);
    }

    /** When the next join request goes out (epoch ms), while refused. */
    long nextAttemptAt() {
        return nextAttemptAt;
    }
}
