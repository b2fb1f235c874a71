package io.coaptree.harness.hierarchy.cloud.bundle;

import java.util.Map;

/**
 * One message in the emulated DataService's store, with the times Kura's store records (0 while not yet): when it
 * was handed to the connection, confirmed (QoS 1), or dropped (in flight when a new session began and Kura was told
 * not to republish). Guarded by the data service that holds it.
 */
final class StoredMessage {

    private final int id;
    private final int qos;
    private final int priority;
    /** What the cloud receives: body, metrics, properties and timestamp of the KuraMessage. */
    private final Map<String, Object> content;
    long publishedAt;
    long confirmedAt;
    long droppedAt;

    StoredMessage(int id, int qos, int priority, Map<String, Object> content) {
        this.id = id;
        this.qos = qos;
        this.priority = priority;
        this.content = content;
    }

    int id() {
        return this.id;
    }

    int qos() {
        return this.qos;
    }

    int priority() {
        return this.priority;
    }

    Map<String, Object> content() {
        return this.content;
    }

    /** Kura's housekeeper deletes a message done with (confirmed, sent at QoS 0, or dropped) for long enough. */
    boolean purgeable(long now, long purgeAgeMillis) {
        long done = this.droppedAt > 0 ? this.droppedAt
                : this.qos == 0 ? this.publishedAt : this.confirmedAt;
        return done > 0 && now - done >= purgeAgeMillis;
    }
}
