package io.coaptree.it.tree;

import java.io.IOException;
import java.util.function.Supplier;

import io.coaptree.harness.broker.EmbeddedBroker;

/** The MQTT broker a test hierarchy runs on: its URL, and a restart that drops every connection and session. */
interface TreeBroker extends AutoCloseable {

    String url();

    void restart() throws Exception;

    /**
     * Whether the broker drops QoS 1 messages for a client whose queue is full (Mosquitto's max_queued_messages,
     * 1000 by default) rather than keeping them all (the embedded broker): then a message that arrives behind a flood
     * may be lost.
     */
    default boolean dropsBeyondClientQueue() {
        return false;
    }

    @Override
    void close();

    /** The embedded broker; {@code url} picks its plain or TLS URL. */
    static TreeBroker embedded(EmbeddedBroker embedded, Supplier<String> url) {
        return new TreeBroker() {
            @Override
            public String url() {
                return url.get();
            }

            @Override
            public void restart() throws IOException {
                embedded.restart();
            }

            @Override
            public void close() {
                embedded.close();
            }
        };
    }
}
