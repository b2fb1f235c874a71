package io.coaptree.telemetry.options;

/** Where a gateway's telemetry goes ({@code telemetry.destination}). */
public enum Destination {
    /** Up the tree over MQTT to the root gateway (at the root itself: its feed). */
    ROOT,
    /** To a cloud platform through the Kura CloudPublisher that {@code CloudPublisher.target} selects. */
    CLOUD
}
