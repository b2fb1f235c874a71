package io.coaptree.tree.bus;

/** Receives the messages of a subscription. Must not block: it runs on the transport's delivery thread. */
@FunctionalInterface
public interface MessageHandler {

    void onMessage(String topic, byte[] payload);
}
