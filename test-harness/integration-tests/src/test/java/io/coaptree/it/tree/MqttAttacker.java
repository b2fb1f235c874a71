package io.coaptree.it.tree;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * A plain MQTT client on the tree's broker with no part in the tree, as anyone who reaches the broker can be: it
 * captures messages the gateways exchange and publishes whatever bytes it likes on their topics (QoS 1).
 */
final class MqttAttacker implements AutoCloseable {

    private final MqttClient client;

    MqttAttacker(String brokerUrl) throws MqttException {
        URI uri = URI.create(brokerUrl);
        client = new MqttClient("tcp://" + uri.getHost() + ":" + uri.getPort(), "attacker-" + System.nanoTime(),
                new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        // Paho counts a QoS 1 publish in flight until its callback thread has handled the PUBACK, which lags behind
        // the blocking publish on a busy machine: with a window of 1000 a flood of 20000 sequential publishes was
        // refused by the client itself ("Too many publishes in progress"). The widest window MQTT's packet ids allow
        // keeps the attacker's own bookkeeping out of what the tests judge.
        options.setMaxInflight(65_535);
        client.connect(options);
    }

    /** Subscribes to {@code topic} and returns what arrives on it, until {@link #stopCapturing}. */
    BlockingQueue<byte[]> capture(String topic) throws MqttException {
        BlockingQueue<byte[]> arrived = new LinkedBlockingQueue<>();
        client.subscribeWithResponse(topic, 1, (t, message) -> arrived.add(message.getPayload()));
        return arrived;
    }

    void stopCapturing(String topic) throws MqttException {
        client.unsubscribe(topic);
    }

    /** The first message captured within {@code timeout}; fails if none came. */
    static byte[] first(BlockingQueue<byte[]> captured, Duration timeout) throws InterruptedException {
        byte[] message = captured.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (message == null) {
            throw new AssertionError("nothing captured within " + timeout);
        }
        return message;
    }

    void publish(String topic, byte[] payload) throws MqttException {
        client.publish(topic, payload, 1, false);
    }

    @Override
    public void close() throws MqttException {
        try (MqttClient leaving = client) { // closed even when the disconnect fails
            if (leaving.isConnected()) {
                leaving.disconnect();
            }
        }
    }
}
