package io.coaptree.tree.bus;

import java.util.Objects;

/** A topic and payload, e.g. a last-will message to register when connecting. */
public record BusMessage(String topic, byte[] payload) {

    public BusMessage {
        Objects.requireNonNull(topic, "topic");
        payload = payload.clone();
    }

    @Override
    public byte[] payload() {
        return payload.clone();
    }
}
