package io.coaptree.tree.bus;

import java.util.Optional;

/**
 * How urgently a message crosses a gateway's MQTT link, highest first. Control traffic (joins, heartbeats,
 * leaves, last wills, refusals) goes before everything, so a busy gateway is never declared dead; urgent envelopes
 * overtake normal ones at every hop and are never batched; normal ones may be batched and are never starved (see the
 * delivery package's ClassedQueue). The code is the class's byte on the wire (the hint ahead of a routed message).
 */
public enum DeliveryClass {
    CONTROL(0, "control"),
    URGENT(1, "urgent"),
    NORMAL(2, "normal");

    private final int code;
    private final String label;

    DeliveryClass(int code, String label) {
        this.code = code;
        this.label = label;
    }

    /** The byte that names the class on the wire. */
    public int code() {
        return code;
    }

    /** The name in settings, link attributes and requests, e.g. {@code urgent}. */
    public String label() {
        return label;
    }

    public static Optional<DeliveryClass> fromCode(int code) {
        for (DeliveryClass c : values()) {
            if (c.code == code) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    public static Optional<DeliveryClass> fromLabel(String label) {
        for (DeliveryClass c : values()) {
            if (c.label.equals(label)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
