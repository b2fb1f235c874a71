package io.coaptree.mqtt.component;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.KuraNotConnectedException;
import org.eclipse.kura.KuraTimeoutException;
import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.eclipse.kura.security.keystore.KeystoreService;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.mqtt.kura.KeystoreSocketFactory;
import io.coaptree.mqtt.kura.ListenerDispatcher;
import io.coaptree.mqtt.paho.ConnectFailure;
import io.coaptree.mqtt.paho.PahoClient;
import io.coaptree.mqtt.paho.PahoConnectOptions;
import io.coaptree.mqtt.paho.PahoFailure;
import io.coaptree.mqtt.transport.InFlightWindow;
import io.coaptree.mqtt.transport.LowLatencySockets;
import io.coaptree.mqtt.transport.MqttTransportOptions;
import io.coaptree.mqtt.transport.ReconnectBackoff;
import io.coaptree.mqtt.transport.SubscriptionRegistry;
import io.coaptree.mqtt.transport.TopicVariables;
import io.coaptree.properties.ConfigurationChange;

/**
 * Kura's {@link DataTransportService} directly on Eclipse Paho, without Kura's DataService message store and
 * priority queue: a publish goes straight to Paho or fails, with
 * {@link KuraTooManyInflightMessagesException} when the in-flight window stays full for
 * {@code in-flight-messages.wait-ms} and
 * {@link KuraNotConnectedException} when the broker is not connected. Listeners run on one dispatcher thread,
 * never on Paho's. Once {@link #connect()} was called (or {@code connect.auto-on-startup} is set) the
 * transport keeps the connection up, reconnecting with backoff and restoring subscriptions, until
 * {@link #disconnect(long)}.
 * <p>
 * Unlike Kura's transport, {@link #connect()} on a connected transport returns quietly instead of throwing
 * {@link IllegalStateException}: the transport may already have connected by itself.
 */
@Component(name = LeanMqttDataTransport.PID, configurationPid = LeanMqttDataTransport.PID, immediate = true,
        configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = { DataTransportService.class, ConfigurableComponent.class },
        property = "kura.service.pid=" + LeanMqttDataTransport.PID)
public class LeanMqttDataTransport implements DataTransportService, ConfigurableComponent {

    /** Configuration PID, component name and metatype OCD id. */
    public static final String PID = "io.coaptree.mqtt.LeanMqttDataTransport";

    private static final Logger logger = LoggerFactory.getLogger(LeanMqttDataTransport.class);
    private static final long DISCONNECT_ON_DEACTIVATE_QUIESCE_MILLIS = 0;

    private final Object lifecycle = new Object();
    private final SubscriptionRegistry subscriptions = new SubscriptionRegistry();
    private final AtomicLong connectionCounter = new AtomicLong();

    private volatile CryptoService cryptoService;
    private volatile KeystoreService keystoreService;
    private volatile Object keystorePid;

    private volatile MqttTransportOptions options;
    private volatile String configurationError;
    private volatile TopicVariables topicVariables = new TopicVariables("", "");
    private volatile InFlightWindow window = new InFlightWindow(MqttTransportOptions.DEFAULT_IN_FLIGHT_MAX);
    private static final long REFUSAL_WARNING_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);
    private final AtomicLong refusedSinceWarning = new AtomicLong();
    private final AtomicLong lastRefusalWarning = new AtomicLong(System.nanoTime() - REFUSAL_WARNING_INTERVAL_NANOS);
    private volatile PahoClient client;
    private volatile String sessionId;
    private volatile boolean wantConnected;

    private ListenerDispatcher dispatcher;
    private ScheduledExecutorService connector;
    private ReconnectBackoff backoff;
    private ScheduledFuture<?> pendingReconnect;

    // ---------------------------------------------------------------- dependencies

    @Reference(name = "CryptoService")
    public void setCryptoService(CryptoService cryptoService) {
        this.cryptoService = cryptoService;
    }

    public void unsetCryptoService(CryptoService cryptoService) {
        if (this.cryptoService == cryptoService) {
            this.cryptoService = null;
        }
    }

    /** The keystore for mqtts:// and wss://, picked in the WebUI through {@code KeystoreService.target}. */
    @Reference(name = "KeystoreService", cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "unbindKeystoreService")
    public void bindKeystoreService(KeystoreService keystoreService, Map<String, Object> properties) {
        this.keystorePid = properties.get("kura.service.pid");
        this.keystoreService = keystoreService;
    }

    public void unbindKeystoreService(KeystoreService keystoreService) {
        if (this.keystoreService == keystoreService) {
            this.keystoreService = null;
            this.keystorePid = null;
        }
    }

    /** For plain-Java callers (tests): a keystore without service properties. */
    public void setKeystoreService(KeystoreService keystoreService) {
        bindKeystoreService(keystoreService, Map.of());
    }

    /** Where the trust anchors of a TLS connection come from, for error messages. */
    private String trustSource() {
        if (keystoreService == null) {
            return "Java's default trust store (no KeystoreService matches KeystoreService.target)";
        }
        return keystorePid != null ? "KeystoreService '" + keystorePid + "'" : "the KeystoreService";
    }

    // ---------------------------------------------------------------- lifecycle

    /** The properties the transport runs with; guarded by lifecycle. */
    private Map<String, Object> runningProperties = Map.of();

    @Activate
    public void activate(Map<String, Object> properties) {
        synchronized (lifecycle) {
            runningProperties = Map.copyOf(properties);
            dispatcher = new ListenerDispatcher("coaptree-mqtt-listeners", listenerQueueCapacity(properties));
            connector = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread t = new Thread(runnable, "coaptree-mqtt-connector");
                t.setDaemon(true);
                return t;
            });
            applyConfiguration(properties);
            logger.info("Activated {} with {}", PID, options != null ? options : configurationError);
            if (options != null && options.autoConnect()) {
                wantConnected = true;
                scheduleReconnect(0);
            }
        }
    }

    @Modified
    public void modified(Map<String, Object> properties) {
        synchronized (lifecycle) {
            if (ConfigurationChange.none(runningProperties, properties) || sameOptions(properties)) {
                runningProperties = Map.copyOf(properties);
                return;
            }
        }
        if (options != null && refused(properties)) {
            return;
        }
        synchronized (lifecycle) {
            runningProperties = Map.copyOf(properties);
        }
        boolean wasConnected = isConnected();
        dispatcher.configurationUpdating(wasConnected);
        synchronized (lifecycle) {
            boolean reconnect = wantConnected;
            cancelReconnect();
            if (wasConnected) {
                disconnectClient(0);
            }
            closeClient();
            applyConfiguration(properties);
            logger.info("Updated {} with {}", PID, options != null ? options : configurationError);
            if (options != null && (reconnect || options.autoConnect())) {
                wantConnected = true;
                scheduleReconnect(0);
            }
        }
        dispatcher.configurationUpdated(wasConnected);
    }

    @Deactivate
    public void deactivate() {
        synchronized (lifecycle) {
            wantConnected = false;
            cancelReconnect();
            if (isConnected()) {
                disconnectClient(DISCONNECT_ON_DEACTIVATE_QUIESCE_MILLIS);
            }
            closeClient();
            connector.shutdownNow();
        }
        dispatcher.close(timeoutMillis());
        logger.info("Deactivated {}", PID);
    }

    private static int listenerQueueCapacity(Map<String, Object> properties) {
        try {
            return MqttTransportOptions.fromProperties(properties, null).listenerQueueCapacity();
        } catch (IllegalArgumentException e) {
            return MqttTransportOptions.DEFAULT_LISTENER_QUEUE_CAPACITY;
        }
    }

    /**
     * True when the properties parse to the options the transport runs with: then nothing needs a reconnection
     * (Kura re-applies configurations with the metatype defaults spelled out). Holds lifecycle.
     */
    private boolean sameOptions(Map<String, Object> properties) {
        CryptoService crypto = cryptoService;
        try {
            return options != null && options.equals(MqttTransportOptions.fromProperties(properties,
                    crypto == null ? null : crypto::decryptAes));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether a new configuration is refused while a valid one serves: then it is logged naming the field, and the
     * running configuration (and connection) stays, as in every CoAPTree component.
     */
    private boolean refused(Map<String, Object> properties) {
        CryptoService crypto = cryptoService;
        try {
            MqttTransportOptions.fromProperties(properties, crypto == null ? null : crypto::decryptAes);
            return false;
        } catch (IllegalArgumentException e) {
            logger.error("{}: configuration refused, the previous one keeps serving: {}", PID, e.getMessage());
            return true;
        }
    }

    /**
     * Never throws: an invalid first configuration must still leave the component active so the WebUI can fix it
     * (then the transport does not connect, and {@link #connect()} says which field is wrong).
     */
    private void applyConfiguration(Map<String, Object> properties) {
        CryptoService crypto = cryptoService;
        try {
            MqttTransportOptions next = MqttTransportOptions.fromProperties(properties,
                    crypto == null ? null : crypto::decryptAes);
            options = next;
            configurationError = null;
            topicVariables = next.topicVariables();
            window = new InFlightWindow(next.inFlightMax());
            backoff = new ReconnectBackoff(next.reconnectInitialDelayMillis(), next.reconnectMaxDelayMillis(),
                    new Random());
        } catch (IllegalArgumentException e) {
            options = null;
            configurationError = "invalid configuration: " + e.getMessage();
            logger.error("{}: {}; the transport will not connect until the configuration is fixed", PID,
                    configurationError);
        }
    }

    // ---------------------------------------------------------------- connection

    @Override
    public void connect() throws KuraConnectException {
        synchronized (lifecycle) {
            MqttTransportOptions current = options;
            if (current == null) {
                throw new KuraConnectException(configurationError != null ? configurationError : "not activated");
            }
            wantConnected = true;
            if (isConnected()) {
                return;
            }
            cancelReconnect();
            try {
                establish(current);
            } catch (Exception e) {
                scheduleReconnect(backoff.nextDelayMillis());
                throw new KuraConnectException(e,
                        "Cannot connect to " + current.brokerUrl() + ": "
                                + ConnectFailure.explain(e, trustSource(), current.tls()));
            }
        }
    }

    /** Connects, restores subscriptions when the broker kept no session, then tells listeners. Holds lifecycle. */
    private void establish(MqttTransportOptions current) throws Exception {
        PahoClient c = client;
        if (c == null) {
            c = PahoClient.create(current.pahoServerUri(), current.clientId(), new PahoEvents());
            client = c;
        }
        boolean newSession;
        try {
            newSession = c.connect(connectOptions(current), current.timeoutMillis());
            sessionId = current.clientId() + "-" + connectionCounter.incrementAndGet();
            if (newSession && !subscriptions.isEmpty()) {
                restoreSubscriptions(c, current);
            }
        } catch (Exception e) {
            // A half-open attempt may still be running inside Paho: start from a fresh client next time.
            closeClient();
            throw e;
        }
        backoff.reset();
        logger.info("Connected to {} as {} ({} session)", current.brokerUrl(), current.clientId(),
                newSession ? "new" : "resumed");
        dispatcher.connectionEstablished(newSession);
    }

    private void restoreSubscriptions(PahoClient c, MqttTransportOptions current) throws MqttException {
        Map<String, Integer> restore = subscriptions.snapshot();
        c.subscribe(restore, current.timeoutMillis());
        logger.info("Restored {} subscriptions", restore.size());
    }

    private MqttConnectOptions connectOptions(MqttTransportOptions current) throws Exception {
        SocketFactory sockets = null;
        if (current.tls()) {
            KeystoreService keystore = keystoreService;
            // without a KeystoreService the JVM's trust store decides, as Paho's own default would
            SSLSocketFactory tls = keystore != null ? KeystoreSocketFactory.create(keystore)
                    : (SSLSocketFactory) SSLSocketFactory.getDefault();
            sockets = current.tcpNoDelay() ? LowLatencySockets.tls(tls) : tls;
        } else if (current.tcpNoDelay()) {
            sockets = LowLatencySockets.plain();
        }
        return PahoConnectOptions.of(current, topicVariables.resolve(current.lwtTopic()), sockets);
    }

    @Override
    public boolean isConnected() {
        PahoClient c = client;
        return c != null && c.isConnected();
    }

    @Override
    public void disconnect(long quiesceTimeout) {
        synchronized (lifecycle) {
            wantConnected = false;
            cancelReconnect();
            if (!isConnected()) {
                logger.info("Disconnect requested while not connected");
                return;
            }
            disconnectClient(quiesceTimeout);
        }
    }

    /** Orderly disconnect with listener events. Holds lifecycle. */
    private void disconnectClient(long quiesceTimeout) {
        PahoClient c = client;
        dispatcher.disconnectingAndWait(timeoutMillis());
        try {
            c.disconnect(quiesceTimeout, timeoutMillis());
            logger.info("Disconnected from {}", getBrokerUrl());
        } catch (MqttException e) {
            logger.warn("Orderly disconnect failed ({}); closed the connection", PahoFailure.describe(e));
        }
        dispatcher.disconnected();
    }

    private void closeClient() {
        PahoClient c = client;
        client = null;
        if (c == null) {
            return;
        }
        try {
            c.close(timeoutMillis());
        } catch (MqttException e) {
            logger.debug("Closing the Paho client: {}", PahoFailure.describe(e));
        }
    }

    private void scheduleReconnect(long delayMillis) {
        if (connector.isShutdown() || (pendingReconnect != null && !pendingReconnect.isDone())) {
            return;
        }
        pendingReconnect = connector.schedule(this::reconnect, delayMillis, TimeUnit.MILLISECONDS);
    }

    private void cancelReconnect() {
        if (pendingReconnect != null) {
            pendingReconnect.cancel(false);
            pendingReconnect = null;
        }
    }

    private void reconnect() {
        synchronized (lifecycle) {
            pendingReconnect = null;
            MqttTransportOptions current = options;
            if (!wantConnected || current == null || isConnected()) {
                return;
            }
            try {
                establish(current);
            } catch (Exception e) {
                long delay = backoff.nextDelayMillis();
                logger.warn("Cannot connect to {}: {}; retrying in {} ms", current.brokerUrl(),
                        ConnectFailure.explain(e, trustSource(), current.tls()), delay);
                scheduleReconnect(delay);
            }
        }
    }

    // ---------------------------------------------------------------- messaging

    @Override
    public void subscribe(String topic, int qos) throws KuraException {
        PahoClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        try {
            if (!c.subscribe(resolved, qos, timeoutMillis())) {
                throw new KuraException(org.eclipse.kura.KuraErrorCode.SUBSCRIPTION_ERROR, null,
                        "the broker refused the subscription to " + resolved);
            }
            subscriptions.add(resolved, qos);
        } catch (MqttException e) {
            throw translate(e, "subscribe to " + resolved);
        }
    }

    @Override
    public void unsubscribe(String topic) throws KuraException {
        String resolved = topicVariables.resolve(topic);
        // Forget it even when disconnected: it must not come back on the next reconnection.
        subscriptions.remove(resolved);
        PahoClient c = connectedClient();
        try {
            c.unsubscribe(resolved, timeoutMillis());
        } catch (MqttException e) {
            throw translate(e, "unsubscribe from " + resolved);
        }
    }

    /**
     * Hands the message to Paho, waiting a bounded time for room in the in-flight window. Returns a token for QoS 1 and 2 (confirmed later through
     * {@link DataTransportListener#onMessageConfirmed}), {@code null} for QoS 0, as Kura's transport does.
     */
    @Override
    public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain) throws KuraException {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("qos: " + qos + " is not 0, 1 or 2");
        }
        PahoClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        InFlightWindow.Slot slot = awaitSlot();
        String session = sessionId;
        try {
            int messageId = c.publish(resolved, payload, qos, retain, slot, session);
            return qos > 0 ? new DataTransportToken(messageId, session) : null;
        } catch (MqttException e) {
            throw translate(e, "publish on " + resolved);
        }
    }

    /**
     * A slot of the in-flight window, waiting up to {@code in-flight-messages.wait-ms} for the broker to complete an
     * earlier publish: a burst is slowed to the broker's pace instead of losing messages.
     */
    private InFlightWindow.Slot awaitSlot() throws KuraTooManyInflightMessagesException {
        InFlightWindow current = window;
        MqttTransportOptions o = options;
        int waitMillis = o != null ? o.inFlightWaitMillis() : MqttTransportOptions.DEFAULT_IN_FLIGHT_WAIT;
        InFlightWindow.Slot slot;
        try {
            slot = current.acquire(waitMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KuraTooManyInflightMessagesException(e, "interrupted while waiting for the in-flight window");
        }
        if (slot == null) {
            warnRefused(current.capacity(), waitMillis);
            throw new KuraTooManyInflightMessagesException("in-flight window full (" + current.capacity()
                    + " messages) for " + waitMillis + " ms (" + MqttTransportOptions.IN_FLIGHT_WAIT
                    + "): the broker is not completing publishes; retry later");
        }
        return slot;
    }

    /** Kura's message for the exception has no room for the reason: say it in the log, once per 10 s at most. */
    private void warnRefused(int capacity, int waitMillis) {
        refusedSinceWarning.incrementAndGet();
        long now = System.nanoTime();
        long last = lastRefusalWarning.get();
        if (now - last >= REFUSAL_WARNING_INTERVAL_NANOS && lastRefusalWarning.compareAndSet(last, now)) {
            logger.warn("{}: {} publish(es) refused: the in-flight window ({} messages) stayed full for {} ms ({}); "
                    + "the broker at {} is not completing publishes", PID, refusedSinceWarning.getAndSet(0), capacity,
                    waitMillis, MqttTransportOptions.IN_FLIGHT_WAIT, getBrokerUrl());
        }
    }

    @Override
    public void addDataTransportListener(DataTransportListener listener) {
        dispatcher.add(listener);
    }

    @Override
    public void removeDataTransportListener(DataTransportListener listener) {
        dispatcher.remove(listener);
    }

    private PahoClient connectedClient() throws KuraNotConnectedException {
        PahoClient c = client;
        if (c == null || !c.isConnected()) {
            throw new KuraNotConnectedException("Not connected to " + getBrokerUrl());
        }
        return c;
    }

    /** Kura's exception for a failed Paho call, as Kura's own transport would throw it. */
    private static KuraException translate(MqttException e, String action) {
        switch (PahoFailure.of(e)) {
        case IN_FLIGHT_FULL:
            return new KuraTooManyInflightMessagesException(e, "Paho's in-flight window is full; retry later");
        case NOT_CONNECTED:
            return new KuraNotConnectedException(e, "Not connected: cannot " + action);
        case TIMEOUT:
            return new KuraTimeoutException("Timeout: cannot " + action, e);
        default:
            return KuraException.internalError(e, "Cannot " + action + ": " + PahoFailure.describe(e));
        }
    }

    private long timeoutMillis() {
        MqttTransportOptions current = options;
        return current != null ? current.timeoutMillis() : MqttTransportOptions.DEFAULT_TIMEOUT * 1000L;
    }

    // ---------------------------------------------------------------- accessors

    @Override
    public String getBrokerUrl() {
        MqttTransportOptions current = options;
        return current != null ? current.brokerUrl() : "";
    }

    @Override
    public String getAccountName() {
        MqttTransportOptions current = options;
        return current != null ? current.accountName() : "";
    }

    @Override
    public String getUsername() {
        MqttTransportOptions current = options;
        return current != null ? current.username() : "";
    }

    @Override
    public String getClientId() {
        MqttTransportOptions current = options;
        return current != null ? current.clientId() : "";
    }

    /** Publishes handed to Paho and not yet completed. */
    public int inFlightMessages() {
        return window.inFlight();
    }

    // ---------------------------------------------------------------- Paho events (Paho's threads: enqueue only)

    private final class PahoEvents implements PahoClient.Events {

        @Override
        public void connectionLost(Throwable cause) {
            logger.warn("Connection to {} lost: {}", getBrokerUrl(), PahoFailure.describe(cause));
            dispatcher.connectionLost(cause);
            if (connector.isShutdown()) {
                return;
            }
            try {
                // Not on Paho's thread: scheduling takes the lifecycle lock, which a connect attempt may hold.
                connector.execute(() -> {
                    synchronized (lifecycle) {
                        if (wantConnected) {
                            scheduleReconnect(backoff.nextDelayMillis());
                        }
                    }
                });
            } catch (RejectedExecutionException deactivating) {
                // deactivate() shut the connector down meanwhile: nothing to reconnect
            }
        }

        @Override
        public void messageArrived(String topic, byte[] payload, int qos, boolean retained) {
            dispatcher.messageArrived(topic, payload, qos, retained);
        }

        @Override
        public void delivered(int messageId, String session) {
            dispatcher.messageConfirmed(new DataTransportToken(messageId, session));
        }
    }
}
