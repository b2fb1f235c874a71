package io.coaptree.harness.broker;

import java.util.Collection;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * A test's plain Paho client subscribing and leaving on the embedded broker without meeting two defects of Moquette
 * 0.17 (gateways meet them through their transport, which reconnects and subscribes again by itself; Mosquitto has
 * neither):
 * <ul>
 * <li>Moquette marks a new connection as connected only after its CONNACK has gone out, on another thread than the
 * one that reads the client's next packet. A SUBSCRIBE read in between finds the connection "already closed" (its log
 * says so) and Moquette drops the connection: {@link #subscribe} connects again and repeats the call once. Only a
 * first subscription can meet this, so nothing subscribed before is lost with the dropped connection (the sessions
 * are clean).</li>
 * <li>A client that disconnects while QoS 1 messages are on their way to it can make Moquette release a message twice
 * and lose the session loop that handles it (see {@link SessionLoopSupervisor}): {@link #leave} unsubscribes first, so
 * nothing is in flight when the client goes.</li>
 * </ul>
 */
public final class MoquetteClientCalls {

    /** A subscribe call of the test's client. */
    @FunctionalInterface
    public interface Subscription<T> {
        T run() throws MqttException;
    }

    private MoquetteClientCalls() {
    }

    /** Runs {@code subscribe}; if the connection is gone afterwards, connects with {@code options} and runs it again. */
    public static <T> T subscribe(MqttClient client, MqttConnectOptions options, Subscription<T> subscribe)
            throws MqttException {
        try {
            return subscribe.run();
        } catch (MqttException e) {
            if (client.isConnected()) {
                throw e;
            }
            client.connect(options);
            return subscribe.run();
        }
    }

    /**
     * Unsubscribes from {@code filters}, then disconnects and frees the client; a client already gone is freed, and
     * so is one whose orderly leave failed (its connection is then dropped), so a failed test leaks no client.
     */
    public static void leave(MqttClient client, Collection<String> filters) throws MqttException {
        try {
            if (client.isConnected()) {
                if (!filters.isEmpty()) {
                    client.unsubscribe(filters.toArray(new String[0]));
                }
                client.disconnect();
            }
        } finally {
            if (client.isConnected()) {
                client.disconnectForcibly(0, 1000);
            }
            client.close();
        }
    }
}
