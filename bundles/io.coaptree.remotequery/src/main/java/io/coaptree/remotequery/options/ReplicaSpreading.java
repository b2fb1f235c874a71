package io.coaptree.remotequery.options;

/**
 * How a gateway picks one of the live replicas of a path when a request may go to any of them (a request for
 * {@code /tree/<d>/<g>/*}/..., or a hop through a replicated domain or root). Setting values are the lower-case names
 * with {@code -} ({@code least-pending}, {@code in-turn}).
 */
public enum ReplicaSpreading {
    /** The replica with the fewest requests this gateway is still waiting on; ties are broken in turn. */
    LEAST_PENDING,
    /** Each replica in turn (round robin), whatever its load. */
    IN_TURN
}
