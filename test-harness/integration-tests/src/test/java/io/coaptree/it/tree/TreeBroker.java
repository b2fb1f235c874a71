package io.coaptree.it.tree;

/** The MQTT broker a test hierarchy runs on: its URL, and a restart that drops every connection and session. */
interface TreeBroker extends AutoCloseable {

    String url();

    void restart() throws Exception;

    @Override
    void close();
}
