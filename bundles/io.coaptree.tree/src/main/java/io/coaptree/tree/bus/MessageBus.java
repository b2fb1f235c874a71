package io.coaptree.tree.bus;

/**
 * The publish/subscribe port of the tree and of remote queries. In a gateway it is an MQTT client (QoS 1,
 * not retained); in tests the {@link InMemoryMessageBus}. Implementations must deliver the messages of one
 * publisher on one topic in order, and must not call a handler concurrently with itself.
 */
public interface MessageBus {

    void publish(String topic, byte[] payload);

    /** Subscribes with an MQTT topic filter ({@code +} and {@code #} wildcards). */
    void subscribe(String topicFilter, MessageHandler handler);

    void unsubscribe(String topicFilter);
}
