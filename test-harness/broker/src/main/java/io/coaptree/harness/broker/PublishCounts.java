package io.coaptree.harness.broker;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The PUBLISH packets the broker accepted, by client id and by the topic's last level (a tree topic's kind, e.g.
 * {@code gB1 telemetry}): what a benchmark divides by the records it carried (MQTT publishes per record).
 */
final class PublishCounts {

    private final Map<String, LongAdder> byClient = new ConcurrentHashMap<>();

    void accepted(String clientId, String topic) {
        String key = clientId + " " + topic.substring(topic.lastIndexOf('/') + 1);
        byClient.computeIfAbsent(key, c -> new LongAdder()).increment();
    }

    Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        byClient.forEach((client, n) -> out.put(client, n.sum()));
        return out;
    }
}
