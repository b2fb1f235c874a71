package io.coaptree.telemetry.uplink;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;

/** Where the resource and the Observe relations hand a record this gateway took in. */
public interface RecordIntake {

    /** @return {@link IntakeResult#ACCEPTED}, or why the record cannot be taken now (a device is answered 5.03) */
    IntakeResult offer(TelemetryRecord record, DeliveryClass deliveryClass);

    /** What this intake took and refused since it started. */
    IntakeCounters counters();
}
