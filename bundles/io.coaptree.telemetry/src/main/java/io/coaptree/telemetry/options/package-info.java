/**
 * The telemetry uplink's configuration: each setting defined once in
 * {@link io.coaptree.telemetry.options.TelemetryOptions}, from which the build writes the component's metatype.
 * Plain Java.
 */
package io.coaptree.telemetry.options;
