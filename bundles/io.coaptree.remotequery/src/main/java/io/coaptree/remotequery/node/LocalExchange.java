package io.coaptree.remotequery.node;

/** A request running against the local CoAP server; cancelling ends an Observe relation. */
@FunctionalInterface
public interface LocalExchange {

    LocalExchange NONE = () -> {
    };

    void cancel();
}
