package io.coaptree.telemetry.uplink;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;

/** Where records go next: the tree's telemetry topic, a cloud publisher, or the root's feed. */
@FunctionalInterface
public interface RecordSink {

    /**
     * @param gateway the node address of the gateway that took the record in ({@code B/1/gB1})
     * @return false when the destination cannot take the record now (a Kura cloud connection whose store is full):
     *         the caller keeps it and offers it again later; true once it is handed on (or, having been refused for
     *         good, counted by the sink)
     */
    boolean deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass);
}
