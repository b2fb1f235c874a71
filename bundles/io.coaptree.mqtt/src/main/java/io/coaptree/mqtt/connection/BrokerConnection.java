package io.coaptree.mqtt.connection;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.mqtt.connection.ConnectionException.Kind;
import io.coaptree.mqtt.options.MqttTransportOptions;
import io.coaptree.mqtt.paho.ConnectFailure;
import io.coaptree.mqtt.paho.PahoCallException;
import io.coaptree.mqtt.paho.PahoClient;
import io.coaptree.mqtt.paho.PahoFailure;
import io.coaptree.mqtt.transport.InFlightWindow;
import io.coaptree.mqtt.transport.LowLatencySockets;
import io.coaptree.mqtt.transport.SubscriptionRegistry;
import io.coaptree.mqtt.transport.TopicVariables;

/**
 * One connection to the broker, kept up: once {@link #connect()} was called (or the options connect by themselves)
 * a lost connection is re-established with backoff, on a thread of its own, its subscriptions restored when the
 * broker kept no session, until {@link #disconnect(long)}. A publish goes straight to Paho, holding a slot of the
 * in-flight window until the broker completes it. What happens is reported through {@link ConnectionEvents}.
 * <p>
 * Connecting, reconnecting, disconnecting and reconfiguring take one lock, so they happen one at a time; publish,
 * subscribe and unsubscribe do not take it. Safe from many threads.
 */
public final class BrokerConnection {

    /** Identifies a QoS 1 or 2 publish until {@link ConnectionEvents#messageConfirmed} reports it completed. */
    public record Published(int messageId, String sessionId) {
    }

    private static final Logger logger = LoggerFactory.getLogger(BrokerConnection.class);

    private final ConnectionEvents events;
    private final TlsSockets tlsSockets;
    private final Object lock = new Object();
    private final SubscriptionRegistry subscriptions = new SubscriptionRegistry();
    private final AtomicLong connectionCounter = new AtomicLong();
    private final InFlightAdmission admission;
    /** Guarded by lock. */
    private final ReconnectSchedule reconnects = new ReconnectSchedule(this::reconnect);

    private volatile MqttTransportOptions options;
    private volatile TopicVariables topicVariables = new TopicVariables("", "");
    private volatile PahoClient client;
    private volatile String sessionId;
    private volatile boolean wantConnected;

    /**
     * Not configured yet: see {@link #start}.
     *
     * @param name what the logs call this connection (the component's PID)
     */
    public BrokerConnection(String name, ConnectionEvents events, TlsSockets tlsSockets) {
        this.events = events;
        this.tlsSockets = tlsSockets;
        this.admission = new InFlightAdmission(name);
    }

    // ---------------------------------------------------------------- lifecycle

    /** Runs with these options (null: the configuration is invalid, stay disconnected); connects if they say so. */
    public void start(MqttTransportOptions first) {
        synchronized (lock) {
            apply(first);
            if (first != null && first.autoConnect()) {
                wantConnected = true;
                reconnects.now();
            }
        }
    }

    /**
     * Closes the connection (in order, telling {@link ConnectionEvents}, if {@code wasConnected}), runs with the
     * options {@code next} gives (null: invalid, stay disconnected) and connects again if the connection was
     * wanted or the new options connect by themselves. {@code next} is called once the old connection is closed, so
     * that whatever its caller logs about the new configuration comes before the new connection's own messages.
     */
    public void reconfigure(boolean wasConnected, Supplier<MqttTransportOptions> next) {
        synchronized (lock) {
            boolean reconnect = wantConnected;
            reconnects.cancel();
            if (wasConnected) {
                disconnectClient(0);
            }
            closeClient();
            MqttTransportOptions current = next.get();
            apply(current);
            if (current != null && (reconnect || current.autoConnect())) {
                wantConnected = true;
                reconnects.now();
            }
        }
    }

    /** Disconnects in order (without waiting for in-flight publishes), and stops reconnecting for good. */
    public void stop() {
        synchronized (lock) {
            wantConnected = false;
            reconnects.cancel();
            if (isConnected()) {
                disconnectClient(0);
            }
            closeClient();
            reconnects.stop();
        }
    }

    /** Holds lock. */
    private void apply(MqttTransportOptions next) {
        options = next;
        if (next == null) {
            return;
        }
        topicVariables = next.topicVariables();
        admission.resize(next.inFlightMax());
        reconnects.useDelays(next.reconnectInitialDelayMillis(), next.reconnectMaxDelayMillis());
    }

    // ---------------------------------------------------------------- connection

    /**
     * Connects now unless connected already, and keeps the connection up from then on. A failed attempt is retried
     * after a backoff delay, and reported with a message that says what to check.
     */
    public void connect() throws ConnectionException {
        synchronized (lock) {
            MqttTransportOptions current = options;
            if (current == null) {
                throw new ConnectionException(Kind.NOT_CONFIGURED, "the configuration is invalid");
            }
            wantConnected = true;
            if (isConnected()) {
                return;
            }
            reconnects.cancel();
            try {
                establish(current);
            } catch (Exception e) {
                reconnects.afterFailure();
                Throwable failure = PahoCallException.unwrap(e);
                throw new ConnectionException(Kind.CONNECT_FAILED, "Cannot connect to " + current.brokerUrl() + ": "
                        + ConnectFailure.explain(failure, tlsSockets.trustSource(), current.tls()), failure);
            }
        }
    }

    /** Connects, restores subscriptions when the broker kept no session, then reports it. Holds lock. */
    private void establish(MqttTransportOptions current) throws Exception {
        PahoClient c = client;
        if (c == null) {
            c = PahoClient.create(current.pahoServerUri(), current.clientId(), new PahoEvents());
            client = c;
        }
        boolean newSession;
        try {
            newSession = c.connect(current, topicVariables.resolve(current.lwtTopic()), socketFactory(current),
                    current.timeoutMillis());
            sessionId = current.clientId() + "-" + connectionCounter.incrementAndGet();
            if (newSession && !subscriptions.isEmpty()) {
                Map<String, Integer> restore = subscriptions.snapshot();
                c.subscribe(restore, current.timeoutMillis());
                logger.info("Restored {} subscriptions", restore.size());
            }
        } catch (Exception e) {
            // A half-open attempt may still be running inside Paho: start from a fresh client next time.
            closeClient();
            throw e;
        }
        reconnects.connected();
        logger.info("Connected to {} as {} ({} session)", current.brokerUrl(), current.clientId(),
                newSession ? "new" : "resumed");
        events.connectionEstablished(newSession);
    }

    /** The sockets to open; null for Paho's default. */
    private SocketFactory socketFactory(MqttTransportOptions current) throws Exception {
        if (current.tls()) {
            SSLSocketFactory tls = tlsSockets.socketFactory();
            return current.tcpNoDelay() ? LowLatencySockets.tls(tls) : tls;
        }
        return current.tcpNoDelay() ? LowLatencySockets.plain() : null;
    }

    public boolean isConnected() {
        PahoClient c = client;
        return c != null && c.isConnected();
    }

    /** Disconnects in order, waiting up to {@code quiesceTimeout} ms for in-flight work, and stays disconnected. */
    public void disconnect(long quiesceTimeout) {
        synchronized (lock) {
            wantConnected = false;
            reconnects.cancel();
            if (!isConnected()) {
                logger.info("Disconnect requested while not connected");
                return;
            }
            disconnectClient(quiesceTimeout);
        }
    }

    /** Orderly disconnect with events. Holds lock. */
    private void disconnectClient(long quiesceTimeout) {
        PahoClient c = client;
        events.disconnectingAndWait(timeoutMillis());
        try {
            c.disconnect(quiesceTimeout, timeoutMillis());
            logger.info("Disconnected from {}", brokerUrl());
        } catch (PahoCallException e) {
            logger.warn("Orderly disconnect failed ({}); closed the connection", e.describe());
        }
        events.disconnected();
    }

    private void closeClient() {
        PahoClient c = client;
        client = null;
        if (c == null) {
            return;
        }
        try {
            c.close(timeoutMillis());
        } catch (PahoCallException e) {
            logger.debug("Closing the Paho client: {}", e.describe());
        }
    }

    /** A scheduled attempt, on the connector thread. */
    private void reconnect() {
        synchronized (lock) {
            reconnects.attemptStarted();
            MqttTransportOptions current = options;
            if (!wantConnected || current == null || isConnected()) {
                return;
            }
            try {
                establish(current);
            } catch (Exception e) {
                long delay = reconnects.afterFailure();
                logger.warn("Cannot connect to {}: {}; retrying in {} ms", current.brokerUrl(),
                        ConnectFailure.explain(PahoCallException.unwrap(e), tlsSockets.trustSource(), current.tls()),
                        delay);
            }
        }
    }

    // ---------------------------------------------------------------- messaging

    /** Subscribes to {@code topic} (its variables resolved) and keeps the subscription across new sessions. */
    public void subscribe(String topic, int qos) throws ConnectionException {
        PahoClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        try {
            if (!c.subscribe(resolved, qos, timeoutMillis())) {
                throw new ConnectionException(Kind.SUBSCRIPTION_REFUSED,
                        "the broker refused the subscription to " + resolved);
            }
            subscriptions.add(resolved, qos);
        } catch (PahoCallException e) {
            throw ConnectionException.of(e, "subscribe to " + resolved);
        }
    }

    public void unsubscribe(String topic) throws ConnectionException {
        String resolved = topicVariables.resolve(topic);
        // Forget it even when disconnected: it must not come back on the next reconnection.
        subscriptions.remove(resolved);
        PahoClient c = connectedClient();
        try {
            c.unsubscribe(resolved, timeoutMillis());
        } catch (PahoCallException e) {
            throw ConnectionException.of(e, "unsubscribe from " + resolved);
        }
    }

    /**
     * Hands the message to Paho, waiting up to {@code in-flight-messages.wait-ms} for room in the in-flight window.
     *
     * @return what identifies the publish in {@link ConnectionEvents#messageConfirmed} for QoS 1 and 2; null for 0
     */
    public Published publish(String topic, byte[] payload, int qos, boolean retain) throws ConnectionException {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("qos: " + qos + " is not 0, 1 or 2");
        }
        PahoClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        MqttTransportOptions o = options;
        int waitMillis = o != null ? o.inFlightWaitMillis() : MqttTransportOptions.IN_FLIGHT_WAIT.defaultValue();
        InFlightWindow.Slot slot = admission.awaitSlot(waitMillis, brokerUrl());
        String session = sessionId;
        try {
            int messageId = c.publish(resolved, payload, qos, retain, slot, session);
            return qos > 0 ? new Published(messageId, session) : null;
        } catch (PahoCallException e) {
            throw ConnectionException.of(e, "publish on " + resolved);
        }
    }

    private PahoClient connectedClient() throws ConnectionException {
        PahoClient c = client;
        if (c == null || !c.isConnected()) {
            throw new ConnectionException(Kind.NOT_CONNECTED, "Not connected to " + brokerUrl());
        }
        return c;
    }

    // ---------------------------------------------------------------- accessors

    /** The options it runs with; null while the configuration is invalid. */
    public MqttTransportOptions options() {
        return options;
    }

    /** How long a call waits for the broker (the {@code timeout} setting). */
    public long timeoutMillis() {
        MqttTransportOptions current = options;
        return current != null ? current.timeoutMillis() : MqttTransportOptions.TIMEOUT.defaultValue() * 1000L;
    }

    private String brokerUrl() {
        MqttTransportOptions current = options;
        return current != null ? current.brokerUrl() : "";
    }

    /** Publishes handed to Paho and not yet completed. */
    public int inFlightMessages() {
        return admission.inFlight();
    }

    // ---------------------------------------------------------------- Paho events (Paho's threads: hand on only)

    private final class PahoEvents implements PahoClient.Events {

        @Override
        public void connectionLost(Throwable cause) {
            logger.warn("Connection to {} lost: {}", brokerUrl(), PahoFailure.describe(cause));
            events.connectionLost(cause);
            // Not on Paho's thread: scheduling takes the lock, which a connect attempt may hold.
            reconnects.runOnConnector(() -> {
                synchronized (lock) {
                    if (wantConnected) {
                        reconnects.afterFailure();
                    }
                }
            });
        }

        @Override
        public void messageArrived(String topic, byte[] payload, int qos, boolean retained) {
            events.messageArrived(topic, payload, qos, retained);
        }

        @Override
        public void delivered(int messageId, String session) {
            events.messageConfirmed(messageId, session);
        }
    }
}
