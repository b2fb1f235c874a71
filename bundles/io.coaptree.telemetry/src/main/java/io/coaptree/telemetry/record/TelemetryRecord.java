package io.coaptree.telemetry.record;

import java.util.Objects;

/**
 * One piece of device data a gateway carries upstream.
 *
 * @param origin        how it reached the gateway
 * @param source        who produced it: the device's authenticated identity or address for a POST, the observed
 *                      resource's URI for a notification
 * @param topic         the stream it belongs to ({@code telemetry.topic} of the gateway that took it in)
 * @param contentFormat the CoAP Content-Format of the payload, or {@link #NO_FORMAT}
 * @param timeMillis    when the gateway took it in (its wall clock)
 * @param payload       the device's bytes, unchanged
 */
public record TelemetryRecord(Origin origin, String source, String topic, int contentFormat, long timeMillis,
        byte[] payload) {

    /** No Content-Format option was given. */
    public static final int NO_FORMAT = -1;

    /** How a record reached the gateway; the code is its byte on the wire. */
    public enum Origin {
        /** POSTed by a device to the gateway's telemetry resource. */
        POSTED(1, "posted"),
        /** A notification of a resource the gateway observes. */
        OBSERVED(2, "observed");

        private final int code;
        private final String label;

        Origin(int code, String label) {
            this.code = code;
            this.label = label;
        }

        public int code() {
            return code;
        }

        /** The name consumers see ({@code posted}, {@code observed}). */
        public String label() {
            return label;
        }

        static Origin fromCode(int code) throws TelemetryCodecException {
            for (Origin o : values()) {
                if (o.code == code) {
                    return o;
                }
            }
            throw new TelemetryCodecException(TelemetryCodecException.Kind.UNKNOWN_KIND, "unknown origin " + code);
        }
    }

    public TelemetryRecord {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(payload, "payload");
        if (contentFormat < NO_FORMAT || contentFormat > 0xFFFF) {
            throw new IllegalArgumentException("contentFormat: " + contentFormat + " is not a CoAP Content-Format");
        }
    }
}
