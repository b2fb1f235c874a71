package io.coaptree.tree.topics;

import java.util.Optional;

/** The last topic level: what a message on a node's topic is. */
public enum TopicKind {
    /** A node announces it wants to join (published by the node). */
    JOIN("join"),
    /** Control messages addressed to the node, e.g. a join refusal (published by others). */
    CONTROL("ctl"),
    /** Periodic liveness (published by the node). */
    HEARTBEAT("heartbeat"),
    /** The node's MQTT last will (published by the broker when the node's connection dies). */
    LWT("lwt"),
    /** Graceful departure (published by the node). */
    LEAVE("leave"),
    /** Resource Directory synchronisation towards the parent (published by the node; reserved). */
    RD("rd"),
    /** Requests and lookups addressed to the node (published by the previous hop). */
    QUERY("query"),
    /** Responses and notifications addressed to the node (published by the next hop). */
    REPLY("reply"),
    /**
     * Device data a gateway sends up to the root (published by the node on its own topic, read by the root's
     * gateways; contract version 4).
     */
    TELEMETRY("telemetry");

    private final String level;

    TopicKind(String level) {
        this.level = level;
    }

    /** The topic level as it appears on the wire. */
    public String level() {
        return level;
    }

    public static Optional<TopicKind> fromLevel(String level) {
        for (TopicKind kind : values()) {
            if (kind.level.equals(level)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
