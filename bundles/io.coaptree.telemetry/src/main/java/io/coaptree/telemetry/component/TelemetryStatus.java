package io.coaptree.telemetry.component;

/**
 * The service the telemetry component registers to say how it runs, in its properties (the configuration service
 * lists only the component): {@value #STATE} ({@code off}, {@code running}) and, while the last configuration change
 * was refused, {@value #CONFIG_ERROR} (the reason, starting with the field; the previous configuration keeps
 * serving). An operator's tool and the tests read them.
 */
public interface TelemetryStatus {

    String STATE = "telemetry.state";
    String CONFIG_ERROR = "telemetry.config.error";
}
