package io.coaptree.telemetry.component;

/**
 * The service the telemetry component registers to say how it runs, in its properties (the configuration service
 * lists only the component): {@value #STATE} ({@code off}, {@code running}); while the last configuration change
 * was refused, {@value #CONFIG_ERROR} (the reason, starting with the field; the previous configuration keeps
 * serving). While running, counted since the configuration was applied and updated within a second of a change: the
 * records refused, {@value #RECORDS_REFUSED} in all and {@value #RECORDS_REFUSED_PREFIX}{@code <reason>} for
 * {@code not-connected}, {@code outbound-full} and {@code queue-full}; where records wait in the uplink's queue (the
 * cloud destination, and the root), {@value #RECORDS_WAITING}, those taken in and not handed on yet; and with the
 * cloud as destination, {@value #CLOUD_PUBLISHER}, the {@code kura.service.pid} of the CloudPublisher the running
 * {@code CloudPublisher.target} selects, once it is bound (absent until then: records wait), and what that
 * publisher made of them: {@value #CLOUD_PUBLISHED} records it took,
 * {@value #CLOUD_REFUSED} times it could not take one now (the record kept and offered again), {@value #CLOUD_DROPPED}
 * records it refused for good, {@value #CLOUD_CONFIRMED} records the cloud confirmed (QoS 1) and
 * {@value #CLOUD_UNCONFIRMED} records published at QoS 1 whose confirmation has not come. An operator's tool and the
 * tests read them.
 */
public interface TelemetryStatus {

    String STATE = "telemetry.state";
    String CONFIG_ERROR = "telemetry.config.error";
    String RECORDS_REFUSED = "telemetry.records.refused";
    String RECORDS_REFUSED_PREFIX = "telemetry.records.refused.";
    String RECORDS_WAITING = "telemetry.records.waiting";
    String CLOUD_PUBLISHER = "telemetry.cloud.publisher";
    String CLOUD_PUBLISHED = "telemetry.cloud.published";
    String CLOUD_REFUSED = "telemetry.cloud.refused";
    String CLOUD_DROPPED = "telemetry.cloud.dropped";
    String CLOUD_CONFIRMED = "telemetry.cloud.confirmed";
    String CLOUD_UNCONFIRMED = "telemetry.cloud.unconfirmed";
}
