package io.coaptree.harness.broker;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import io.moquette.interception.AbstractInterceptHandler;
import io.moquette.interception.messages.InterceptPublishMessage;

/**
 * Counts the PUBLISH packets the broker accepted, by client id and by the topic's last level (a tree topic's kind,
 * e.g. {@code gB1 telemetry}): what a benchmark divides by the records it carried (MQTT publishes per record).
 * Moquette tells handlers on its own interceptor thread, after it routed the message.
 */
final class PublishCounter extends AbstractInterceptHandler {

    private final Map<String, LongAdder> byClient = new ConcurrentHashMap<>();

    @Override
    public String getID() {
        return "coaptree-publish-counter";
    }

    @Override
    public void onPublish(InterceptPublishMessage message) {
        String topic = String.valueOf(message.getTopicName());
        String key = message.getClientID() + " " + topic.substring(topic.lastIndexOf('/') + 1);
        byClient.computeIfAbsent(key, c -> new LongAdder()).increment();
        super.onPublish(message); // releases the payload the interceptor duplicated for us
    }

    @Override
    public void onSessionLoopError(Throwable error) {
        // the broker logs its own errors; counting goes on
    }

    Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        byClient.forEach((client, n) -> out.put(client, n.sum()));
        return out;
    }
}
