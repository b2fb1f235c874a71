package io.coaptree.tree.bus;

/**
 * The publish/subscribe port of the tree and of remote queries. In a gateway it is an MQTT client (not retained,
 * QoS per {@link DeliveryClass}); in unit tests a broker in memory. Implementations deliver the messages of
 * one publisher on one topic in order, except where the gateway's delivery handles a topic's messages in parallel
 * (the routed {@code query} and {@code reply} topics, whose CoAP messages may arrive in any order anyway); a handler
 * may therefore be called from several threads at once and must be thread-safe.
 */
public interface MessageBus {

    void publish(String topic, byte[] payload);

    /**
     * Publishes with a delivery class: where the bus has priorities, a higher class overtakes what waits; only
     * {@link DeliveryClass#NORMAL} messages may be batched. A bus without priorities publishes as
     * {@link #publish(String, byte[])}.
     */
    default void publish(String topic, byte[] payload, DeliveryClass deliveryClass) {
        publish(topic, payload);
    }

    /** Subscribes with an MQTT topic filter ({@code +} and {@code #} wildcards). */
    void subscribe(String topicFilter, MessageHandler handler);

    void unsubscribe(String topicFilter);
}
