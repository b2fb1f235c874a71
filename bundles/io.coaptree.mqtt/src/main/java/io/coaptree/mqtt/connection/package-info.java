/**
 * The lean MQTT transport's connection engine, plain Java: {@link io.coaptree.mqtt.connection.BrokerConnection}
 * keeps one connection to the broker up (connect, reconnect with backoff, restore subscriptions), bounds publishes
 * by the in-flight window, and reports what happens through {@link io.coaptree.mqtt.connection.ConnectionEvents}.
 * It reaches the broker only through the Paho adapter ({@code io.coaptree.mqtt.paho}); no OSGi, Kura or Paho type
 * here: the component turns it into Kura's {@code DataTransportService}.
 */
package io.coaptree.mqtt.connection;
