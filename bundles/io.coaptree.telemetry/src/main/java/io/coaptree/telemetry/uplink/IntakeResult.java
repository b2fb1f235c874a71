package io.coaptree.telemetry.uplink;

/**
 * What became of a record offered to the uplink. A refused record was never acknowledged to anyone: a device that
 * POSTed it is answered 5.03 with {@link #diagnostic()} and sends it again later, so nothing answered 2.04 is lost
 * for want of room or of a broker.
 */
public enum IntakeResult {

    ACCEPTED(""),
    /** The uplink's own queue of the record's class is full. */
    QUEUE_FULL("the telemetry queue is full (telemetry.queue.capacity)"),
    /** The gateway's queue of publishes of the record's class is full: its MQTT link cannot keep up. */
    OUTBOUND_FULL("the gateway's outbound queue for this class is full (delivery.queue.<class>.capacity)"),
    /** The gateway has no connection to its broker now; it reconnects by itself. */
    NOT_CONNECTED("the gateway is not connected to its MQTT broker");

    private final String reason;

    IntakeResult(String reason) {
        this.reason = reason;
    }

    public boolean accepted() {
        return this == ACCEPTED;
    }

    /** Why the record was refused, for the log; empty when accepted. */
    public String reason() {
        return reason;
    }

    /**
     * For the payload of the 5.03 a device is answered: the reason and what to do about it. Only a device can
     * retry; records that came from other gateways are refused with {@link #reason()} in the log alone.
     */
    public String diagnostic() {
        return accepted() ? "" : reason + "; retry later";
    }
}
