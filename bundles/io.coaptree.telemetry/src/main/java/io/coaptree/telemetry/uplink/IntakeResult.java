package io.coaptree.telemetry.uplink;

/**
 * What became of a record offered to the uplink. A refused record was never acknowledged to anyone: a device that
 * POSTed it is answered 5.03 with {@link #diagnostic()} and sends it again later, so nothing answered 2.04 is lost
 * for want of room or of a broker.
 */
public enum IntakeResult {

    ACCEPTED(""),
    /** The uplink's own queue of the record's class is full. */
    QUEUE_FULL("the telemetry queue is full (telemetry.queue.capacity); retry later"),
    /** The gateway's queue of publishes of the record's class is full: its MQTT link cannot keep up. */
    OUTBOUND_FULL("the gateway's outbound queue for this class is full (delivery.queue.<class>.capacity); "
            + "retry later"),
    /** The gateway has no connection to its broker now; it reconnects by itself. */
    NOT_CONNECTED("the gateway is not connected to its MQTT broker; retry later");

    private final String diagnostic;

    IntakeResult(String diagnostic) {
        this.diagnostic = diagnostic;
    }

    public boolean accepted() {
        return this == ACCEPTED;
    }

    /** For the 5.03's payload; empty when accepted. */
    public String diagnostic() {
        return diagnostic;
    }
}
