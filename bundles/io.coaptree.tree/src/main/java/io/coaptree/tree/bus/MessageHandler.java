package io.coaptree.tree.bus;

/**
 * Receives the messages of a subscription. Must not block for long: it runs on the transport's delivery thread or
 * on one of the gateway's few delivery workers, possibly on several at once (see {@link MessageBus}).
 */
@FunctionalInterface
public interface MessageHandler {

    void onMessage(String topic, byte[] payload);

    /**
     * A message whose seal proved who sent it (see {@code io.coaptree.tree.security}). A receiver whose messages
     * name their sender inside (an envelope's source node, a sync message's node) overrides this and refuses a
     * message that names anyone else: a gateway may speak only as itself.
     *
     * @param authenticatedSender the node address the seal proved
     */
    default void onMessage(String topic, byte[] payload, String authenticatedSender) {
        onMessage(topic, payload);
    }
}
