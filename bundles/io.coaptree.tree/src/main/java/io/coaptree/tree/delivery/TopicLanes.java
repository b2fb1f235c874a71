package io.coaptree.tree.delivery;

import io.coaptree.tree.bus.DeliveryClass;
import java.util.Objects;
import java.util.Optional;

import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Which lane a tree topic's messages take through a gateway: membership topics ({@code join}, {@code ctl},
 * {@code heartbeat}, {@code lwt}, {@code leave}) are control traffic, handled in order per topic; RD
 * synchronisation ({@code rd}) is normal traffic in order per topic (its deltas build on each other); routed
 * envelopes ({@code query}, {@code reply}) carry their class in a hint byte ahead of the (sealed) message and are
 * handled in parallel: they are CoAP messages, which CoAP already lets arrive in any order. Telemetry records
 * ({@code telemetry}) are routed the same way: a hint byte, any order (each record carries its own time).
 */
public final class TopicLanes {

    /**
     * @param fixedClass the class of every message on the topic, or null when each carries a hint byte
     * @param ordered whether the topic's messages are handled one at a time in arrival order
     */
    public record Lane(DeliveryClass fixedClass, boolean ordered) {

        public boolean hinted() {
            return fixedClass == null;
        }
    }

    private static final Lane CONTROL = new Lane(DeliveryClass.CONTROL, true);
    private static final Lane ORDERED_NORMAL = new Lane(DeliveryClass.NORMAL, true);
    private static final Lane HINTED = new Lane(null, false);

    private final TreeTopics topics;

    public TopicLanes(TreeTopics topics) {
        this.topics = Objects.requireNonNull(topics, "topics");
    }

    public Lane lane(String topic) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        if (parsed.isEmpty()) {
            return ORDERED_NORMAL;
        }
        TopicKind kind = parsed.get().kind();
        switch (kind) {
            case QUERY:
            case REPLY:
            case TELEMETRY:
                return HINTED;
            case RD:
                return ORDERED_NORMAL;
            default:
                return CONTROL;
        }
    }
}
