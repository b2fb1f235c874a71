package io.coaptree.telemetry.uplink;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;

/** Where the resource and the Observe relations hand a record this gateway took in. */
@FunctionalInterface
public interface RecordIntake {

    /** @return false if the record cannot be taken now (the device is answered 5.03) */
    boolean offer(TelemetryRecord record, DeliveryClass deliveryClass);

    /**
     * Straight to {@code sink} on the caller's thread: for the tree destination, whose bus already queues publishes
     * by class (the gateway's delivery) and makes a normal record's seal a batch's share, so a hand-off to another
     * thread would cost each record more than it saves (a thread wake-up per record).
     */
    static RecordIntake direct(String gateway, RecordSink sink) {
        return (record, deliveryClass) -> {
            sink.deliver(gateway, record, deliveryClass);
            return true;
        };
    }
}
