package io.coaptree.mqtt.connection;

/**
 * What a {@link BrokerConnection} reports, in the order it happens. Called on Paho's threads and on the callers':
 * an implementation hands the events on (to listeners on a thread of their own) and never blocks, except in
 * {@link #disconnectingAndWait}.
 */
public interface ConnectionEvents {

    /** Connected; {@code newSession} when the broker kept no session (its subscriptions were restored). */
    void connectionEstablished(boolean newSession);

    /**
     * An orderly disconnect is about to happen: returns once this was told (waiting at most {@code timeoutMillis}),
     * so that whoever is told can still publish a last message.
     */
    void disconnectingAndWait(long timeoutMillis);

    /** The orderly disconnect is done. */
    void disconnected();

    /** The connection broke; the connection reconnects by itself if it was wanted. */
    void connectionLost(Throwable cause);

    void messageArrived(String topic, byte[] payload, int qos, boolean retained);

    /** A QoS 1 or 2 publish completed: the message id and session {@link BrokerConnection#publish} returned. */
    void messageConfirmed(int messageId, String sessionId);
}
