package io.coaptree.mqtt.transport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The topic filters the application subscribed to, with their QoS, so that they can be restored when a
 * reconnection starts a new broker session. Keeps subscription order. Safe for concurrent use.
 */
public final class SubscriptionRegistry {

    private final Map<String, Integer> subscriptions = new LinkedHashMap<>();

    public synchronized void add(String topicFilter, int qos) {
        subscriptions.put(topicFilter, qos);
    }

    public synchronized void remove(String topicFilter) {
        subscriptions.remove(topicFilter);
    }

    public synchronized boolean isEmpty() {
        return subscriptions.isEmpty();
    }

    /** A consistent copy, in subscription order. */
    public synchronized Map<String, Integer> snapshot() {
        return new LinkedHashMap<>(subscriptions);
    }
}
