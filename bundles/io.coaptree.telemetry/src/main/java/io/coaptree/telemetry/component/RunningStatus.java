package io.coaptree.telemetry.component;

import java.util.Map;
import java.util.function.Supplier;

import io.coaptree.telemetry.cloud.CloudUplink;
import io.coaptree.telemetry.uplink.IntakeCounters;
import io.coaptree.telemetry.uplink.UplinkQueue;

/**
 * What a running configuration reports in the {@link TelemetryStatus} properties: the intake's refusals, the records
 * waiting in the uplink's queue (when records wait in one), and what the cloud publisher made of them (when the
 * destination is the cloud).
 *
 * @param queue null when records go straight to the tree's bus
 * @param cloud null when the destination is not the cloud
 * @param cloudPublisher the PID of the bound publisher the configuration selects, or null while none is
 */
record RunningStatus(IntakeCounters counters, UplinkQueue queue, CloudUplink cloud, Supplier<String> cloudPublisher) {

    void addTo(Map<String, Object> properties) {
        properties.put(TelemetryStatus.RECORDS_REFUSED, counters.refusedTotal());
        counters.refusedByKey()
                .forEach((reason, n) -> properties.put(TelemetryStatus.RECORDS_REFUSED_PREFIX + reason, n));
        if (queue != null) {
            properties.put(TelemetryStatus.RECORDS_WAITING, queue.waiting());
        }
        if (cloud != null) {
            String publisher = cloudPublisher.get();
            if (publisher != null) {
                properties.put(TelemetryStatus.CLOUD_PUBLISHER, publisher);
            }
            properties.put(TelemetryStatus.CLOUD_PUBLISHED, cloud.published());
            properties.put(TelemetryStatus.CLOUD_REFUSED, cloud.refused());
            properties.put(TelemetryStatus.CLOUD_DROPPED, cloud.dropped());
            properties.put(TelemetryStatus.CLOUD_CONFIRMED, cloud.confirmed());
            properties.put(TelemetryStatus.CLOUD_UNCONFIRMED, cloud.unconfirmed());
        }
    }
}
