package io.coaptree.telemetry.uplink;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;

/** Where records go next: the tree's telemetry topic, a cloud publisher, or the root's feed. */
@FunctionalInterface
public interface RecordSink {

    /**
     * @param gateway the node address of the gateway that took the record in ({@code B/1/gB1})
     */
    void deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass);
}
