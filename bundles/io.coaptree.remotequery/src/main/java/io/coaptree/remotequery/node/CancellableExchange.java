package io.coaptree.remotequery.node;

/**
 * A request under way, local (against this gateway's CoAP server) or remote (across the tree): cancelling ends its
 * Observe relation, if it has one.
 */
@FunctionalInterface
public interface CancellableExchange {

    /** An exchange with nothing to cancel (answered at once, or not observed). */
    CancellableExchange NONE = () -> {
    };

    void cancel();
}
