package io.coaptree.harness.broker;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * A test client's subscription on the embedded broker, made again once if the broker dropped the connection at it.
 * <p>
 * Moquette 0.17 marks a new connection as connected only after its CONNACK has gone out, on another thread than the
 * one that reads the client's next packet. A SUBSCRIBE read in between finds the connection "already closed" (its
 * log says so) and Moquette drops the connection. On a busy machine a client that subscribes as soon as it is
 * connected meets this now and then. Gateways get past it through their transport, which reconnects and subscribes
 * again by itself; a test's plain Paho client connects again here and repeats the call. Only a first subscription
 * can meet the race, so nothing subscribed before is lost with the dropped connection (the sessions are clean).
 * Mosquitto never does this, and then the call is made once.
 */
public final class FirstSubscribe {

    /** A subscribe call of the test's client. */
    @FunctionalInterface
    public interface Call<T> {
        T run() throws MqttException;
    }

    private FirstSubscribe() {
    }

    /** Runs {@code subscribe}; if the connection is gone afterwards, connects with {@code options} and runs it again. */
    public static <T> T reconnectingOnce(MqttClient client, MqttConnectOptions options, Call<T> subscribe)
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
}
