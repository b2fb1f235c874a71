package io.coaptree.telemetry.component;

/**
 * The service the telemetry component registers to say how it runs, in its properties (the configuration service
 * lists only the component): {@value #STATE} ({@code off}, {@code running}); while the last configuration change
 * was refused, {@value #CONFIG_ERROR} (the reason, starting with the field; the previous configuration keeps
 * serving); while running, the records refused since the configuration was applied, {@value #RECORDS_REFUSED} in all
 * and {@value #RECORDS_REFUSED_PREFIX}{@code <reason>} for {@code not-connected}, {@code outbound-full} and
 * {@code queue-full} (updated within a second of a change). An operator's tool and the tests read them.
 */
public interface TelemetryStatus {

    String STATE = "telemetry.state";
    String CONFIG_ERROR = "telemetry.config.error";
    String RECORDS_REFUSED = "telemetry.records.refused";
    String RECORDS_REFUSED_PREFIX = "telemetry.records.refused.";
}
