package io.coaptree.mqtt.paho;

import java.util.Map;

import javax.net.SocketFactory;

import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

import io.coaptree.mqtt.options.MqttTransportOptions;
import io.coaptree.mqtt.transport.InFlightWindow;

/**
 * One Paho client (one connection attempt and the session it opens), with the calls the transport needs, each
 * waiting at most a given time. Messages are kept in memory only: the transport keeps no message store.
 * <p>
 * Every publish holds a slot of the transport's {@link InFlightWindow} until Paho completes or fails it (Paho fails
 * every open token when the connection is lost), so the window never leaks. Events arrive on Paho's threads: an
 * {@link Events} implementation must only hand them on, never block.
 * <p>
 * No Paho type crosses this class's interface: a failed call throws {@link PahoCallException}.
 */
public final class PahoClient {

    /** What Paho reports, on its own threads. */
    public interface Events {

        void connectionLost(Throwable cause);

        void messageArrived(String topic, byte[] payload, int qos, boolean retained);

        /** A QoS 1 or 2 publish completed: its message id and the session it was published in. */
        void delivered(int messageId, String sessionId);
    }

    private final MqttAsyncClient client;

    private PahoClient(MqttAsyncClient client) {
        this.client = client;
    }

    /** A client for {@code serverUri} ({@code tcp://}, {@code ssl://}, {@code ws://}, {@code wss://}); not connected. */
    public static PahoClient create(String serverUri, String clientId, Events events) throws PahoCallException {
        try {
            MqttAsyncClient client = new MqttAsyncClient(serverUri, clientId, new MemoryPersistence());
            client.setCallback(new Callback(events));
            return new PahoClient(client);
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    /**
     * Connects with the transport's settings; whether the broker started a new session (it kept no subscriptions
     * for this client).
     *
     * @param willTopic the last will's topic with its variables resolved; ignored without {@code lwt.topic}
     * @param socketFactory the sockets to open (TLS for mqtts and wss, TCP_NODELAY if set); null for Paho's default
     */
    public boolean connect(MqttTransportOptions settings, String willTopic, SocketFactory socketFactory,
            long timeoutMillis) throws PahoCallException {
        MqttConnectOptions options = PahoConnectOptionsMapper.map(settings, willTopic, socketFactory);
        try {
            IMqttToken connected = client.connect(options);
            connected.waitForCompletion(timeoutMillis);
            return !connected.getSessionPresent();
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    /** Subscribes to every topic at once (topic to QoS). */
    public void subscribe(Map<String, Integer> topics, long timeoutMillis) throws PahoCallException {
        String[] filters = topics.keySet().toArray(new String[0]);
        int[] qos = topics.values().stream().mapToInt(Integer::intValue).toArray();
        try {
            client.subscribe(filters, qos).waitForCompletion(timeoutMillis);
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    /** Subscribes; false if the broker refused (MQTT 3.1.1 return code 0x80). */
    public boolean subscribe(String topic, int qos, long timeoutMillis) throws PahoCallException {
        try {
            IMqttToken token = client.subscribe(topic, qos);
            token.waitForCompletion(timeoutMillis);
            int[] granted = token.getGrantedQos();
            return granted == null || granted.length == 0 || granted[0] != 0x80;
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    public void unsubscribe(String topic, long timeoutMillis) throws PahoCallException {
        try {
            client.unsubscribe(topic).waitForCompletion(timeoutMillis);
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    /**
     * Hands a message to Paho without waiting for the broker. {@code slot} is released when the publish completes
     * or fails, or here if Paho refuses it.
     *
     * @return the message id, which {@link Events#delivered} reports for QoS 1 and 2
     */
    public int publish(String topic, byte[] payload, int qos, boolean retain, InFlightWindow.Slot slot,
            String sessionId) throws PahoCallException {
        Publication publication = new Publication(slot, qos, sessionId);
        try {
            return client.publish(topic, payload, qos, retain, publication, RELEASE_SLOT).getMessageId();
        } catch (MqttException e) {
            slot.release();
            throw new PahoCallException(e);
        } catch (RuntimeException e) {
            slot.release();
            throw e;
        }
    }

    /** Disconnects in order, waiting for in-flight work up to {@code quiesceMillis}; forcibly if that fails. */
    public void disconnect(long quiesceMillis, long timeoutMillis) throws PahoCallException {
        try {
            client.disconnect(quiesceMillis).waitForCompletion(timeoutMillis + quiesceMillis);
        } catch (MqttException e) {
            try {
                client.disconnectForcibly(0, timeoutMillis);
            } catch (MqttException ignored) {
                // the connection is going away either way
            }
            throw new PahoCallException(e);
        }
    }

    /** Drops the connection, if any, and frees the client's resources; the client cannot be used again. */
    public void close(long timeoutMillis) throws PahoCallException {
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(0, timeoutMillis);
            }
            client.close(true);
        } catch (MqttException e) {
            throw new PahoCallException(e);
        }
    }

    /** What a publish carries through Paho, to free its slot and confirm it. */
    private record Publication(InFlightWindow.Slot slot, int qos, String sessionId) {
    }

    /** Frees the slot whether the publish completed or failed. */
    private static final IMqttActionListener RELEASE_SLOT = new IMqttActionListener() {
        @Override
        public void onSuccess(IMqttToken token) {
            release(token);
        }

        @Override
        public void onFailure(IMqttToken token, Throwable exception) {
            release(token);
        }

        private void release(IMqttToken token) {
            if (token.getUserContext() instanceof Publication publication) {
                publication.slot().release();
            }
        }
    };

    private static final class Callback implements MqttCallback {

        private final Events events;

        Callback(Events events) {
            this.events = events;
        }

        @Override
        public void connectionLost(Throwable cause) {
            events.connectionLost(cause);
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            events.messageArrived(topic, message.getPayload(), message.getQos(), message.isRetained());
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            if (!(token.getUserContext() instanceof Publication publication)) {
                return;
            }
            publication.slot().release();
            if (publication.qos() > 0) {
                events.delivered(token.getMessageId(), publication.sessionId());
            }
        }
    }
}
