package io.coaptree.mqtt.component;

import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

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
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
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

import io.coaptree.mqtt.transport.InFlightWindow;
import io.coaptree.mqtt.transport.KeystoreSocketFactory;
import io.coaptree.mqtt.transport.LowLatencySockets;
import io.coaptree.mqtt.transport.ListenerDispatcher;
import io.coaptree.mqtt.transport.MqttTransportOptions;
import io.coaptree.mqtt.transport.ReconnectBackoff;
import io.coaptree.mqtt.transport.SubscriptionRegistry;
import io.coaptree.mqtt.transport.TopicVariables;

/**
 * Kura's {@link DataTransportService} directly on Eclipse Paho, without Kura's DataService message store and
 * priority queue: a publish goes straight to Paho or fails at once, with
 * {@link KuraTooManyInflightMessagesException} when the in-flight window is full and
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
    private volatile MqttAsyncClient client;
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

    @Activate
    public void activate(Map<String, Object> properties) {
        synchronized (lifecycle) {
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

    /** Never throws: an invalid configuration must still leave the component active so the WebUI can fix it. */
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
                        "Cannot connect to " + current.brokerUrl() + ": " + ConnectFailure.explain(e, trustSource()));
            }
        }
    }

    /** Connects, restores subscriptions when the broker kept no session, then tells listeners. Holds lifecycle. */
    private void establish(MqttTransportOptions current) throws Exception {
        MqttAsyncClient c = client;
        if (c == null) {
            c = new MqttAsyncClient(current.pahoServerUri(), current.clientId(), new MemoryPersistence());
            c.setCallback(new PahoCallback());
            client = c;
        }
        boolean newSession;
        try {
            IMqttToken connected = c.connect(connectOptions(current));
            connected.waitForCompletion(current.timeoutMillis());
            newSession = !connected.getSessionPresent();
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

    private void restoreSubscriptions(MqttAsyncClient c, MqttTransportOptions current) throws MqttException {
        Map<String, Integer> restore = subscriptions.snapshot();
        String[] topics = restore.keySet().toArray(new String[0]);
        int[] qos = restore.values().stream().mapToInt(Integer::intValue).toArray();
        IMqttToken token = c.subscribe(topics, qos);
        token.waitForCompletion(current.timeoutMillis());
        logger.info("Restored {} subscriptions", topics.length);
    }

    private MqttConnectOptions connectOptions(MqttTransportOptions current) throws Exception {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(current.cleanSession());
        o.setKeepAliveInterval(current.keepAliveSeconds());
        o.setConnectionTimeout(current.timeoutSeconds());
        o.setMqttVersion(current.protocolVersion());
        // Our window is the limit; Paho's own must never refuse first.
        o.setMaxInflight(current.inFlightMax());
        o.setAutomaticReconnect(false);
        if (!current.username().isEmpty()) {
            o.setUserName(current.username());
        }
        char[] password = current.password();
        if (password.length > 0) {
            o.setPassword(password);
        }
        if (!current.lwtTopic().isEmpty()) {
            o.setWill(topicVariables.resolve(current.lwtTopic()), current.lwtPayload(), current.lwtQos(),
                    current.lwtRetain());
        }
        if (current.tls()) {
            o.setHttpsHostnameVerificationEnabled(current.hostnameVerification());
            KeystoreService keystore = keystoreService;
            // without a KeystoreService the JVM's trust store decides, as Paho's own default would
            SSLSocketFactory tls = keystore != null ? KeystoreSocketFactory.create(keystore)
                    : (SSLSocketFactory) SSLSocketFactory.getDefault();
            o.setSocketFactory(current.tcpNoDelay() ? LowLatencySockets.tls(tls) : tls);
        } else if (current.tcpNoDelay()) {
            o.setSocketFactory(LowLatencySockets.plain());
        }
        return o;
    }

    @Override
    public boolean isConnected() {
        MqttAsyncClient c = client;
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
        MqttAsyncClient c = client;
        dispatcher.disconnectingAndWait(timeoutMillis());
        try {
            c.disconnect(quiesceTimeout).waitForCompletion(timeoutMillis() + quiesceTimeout);
            logger.info("Disconnected from {}", getBrokerUrl());
        } catch (MqttException e) {
            logger.warn("Orderly disconnect failed ({}); closing the connection", describe(e));
            try {
                c.disconnectForcibly(0, timeoutMillis());
            } catch (MqttException ignored) {
                // the connection is going away either way
            }
        }
        dispatcher.disconnected();
    }

    private void closeClient() {
        MqttAsyncClient c = client;
        client = null;
        if (c == null) {
            return;
        }
        try {
            if (c.isConnected()) {
                c.disconnectForcibly(0, timeoutMillis());
            }
            c.close(true);
        } catch (MqttException e) {
            logger.debug("Closing the Paho client: {}", describe(e));
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
                        ConnectFailure.explain(e, trustSource()), delay);
                scheduleReconnect(delay);
            }
        }
    }

    // ---------------------------------------------------------------- messaging

    @Override
    public void subscribe(String topic, int qos) throws KuraException {
        MqttAsyncClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        try {
            IMqttToken token = c.subscribe(resolved, qos);
            token.waitForCompletion(timeoutMillis());
            int[] granted = token.getGrantedQos();
            if (granted != null && granted.length > 0 && granted[0] == 0x80) {
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
        MqttAsyncClient c = connectedClient();
        try {
            c.unsubscribe(resolved).waitForCompletion(timeoutMillis());
        } catch (MqttException e) {
            throw translate(e, "unsubscribe from " + resolved);
        }
    }

    /**
     * Hands the message to Paho or fails at once. Returns a token for QoS 1 and 2 (confirmed later through
     * {@link DataTransportListener#onMessageConfirmed}), {@code null} for QoS 0, as Kura's transport does.
     */
    @Override
    public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain) throws KuraException {
        if (qos < 0 || qos > 2) {
            throw new IllegalArgumentException("qos: " + qos + " is not 0, 1 or 2");
        }
        MqttAsyncClient c = connectedClient();
        String resolved = topicVariables.resolve(topic);
        InFlightWindow current = window;
        InFlightWindow.Slot slot = current.tryAcquire();
        if (slot == null) {
            throw new KuraTooManyInflightMessagesException(
                    "in-flight window full (" + current.capacity() + " messages); retry later");
        }
        Publication publication = new Publication(slot, qos, sessionId);
        try {
            IMqttDeliveryToken token = c.publish(resolved, payload, qos, retain, publication, RELEASE_SLOT);
            return qos > 0 ? new DataTransportToken(token.getMessageId(), publication.sessionId) : null;
        } catch (MqttException e) {
            slot.release();
            throw translate(e, "publish on " + resolved);
        } catch (RuntimeException e) {
            slot.release();
            throw e;
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

    private MqttAsyncClient connectedClient() throws KuraNotConnectedException {
        MqttAsyncClient c = client;
        if (c == null || !c.isConnected()) {
            throw new KuraNotConnectedException("Not connected to " + getBrokerUrl());
        }
        return c;
    }

    private KuraException translate(MqttException e, String action) {
        switch (e.getReasonCode()) {
        case MqttException.REASON_CODE_MAX_INFLIGHT:
            return new KuraTooManyInflightMessagesException(e, "Paho's in-flight window is full; retry later");
        case MqttException.REASON_CODE_CLIENT_NOT_CONNECTED:
        case MqttException.REASON_CODE_CONNECTION_LOST:
        case MqttException.REASON_CODE_CLIENT_DISCONNECTING:
        case MqttException.REASON_CODE_CLIENT_CLOSED:
            return new KuraNotConnectedException(e, "Not connected: cannot " + action);
        case MqttException.REASON_CODE_CLIENT_TIMEOUT:
            return new KuraTimeoutException("Timeout: cannot " + action, e);
        default:
            return KuraException.internalError(e, "Cannot " + action + ": " + describe(e));
        }
    }

    private static String describe(Throwable e) {
        if (e instanceof MqttException) {
            MqttException m = (MqttException) e;
            String detail = m.getCause() != null ? " (" + m.getCause() + ")" : "";
            return m.getMessage() + " [reason " + m.getReasonCode() + "]" + detail;
        }
        return String.valueOf(e);
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

    // ---------------------------------------------------------------- Paho callbacks (Paho's threads: enqueue only)

    /** What a publish carries through Paho, to free its slot and confirm it. */
    private static final class Publication {
        final InFlightWindow.Slot slot;
        final int qos;
        final String sessionId;

        Publication(InFlightWindow.Slot slot, int qos, String sessionId) {
            this.slot = slot;
            this.qos = qos;
            this.sessionId = sessionId;
        }
    }

    /** Frees the slot whether the publish completed or failed (Paho fails every open token on connection loss). */
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
            Object context = token.getUserContext();
            if (context instanceof Publication) {
                ((Publication) context).slot.release();
            }
        }
    };

    private final class PahoCallback implements MqttCallback {

        @Override
        public void connectionLost(Throwable cause) {
            logger.warn("Connection to {} lost: {}", getBrokerUrl(), describe(cause));
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
            } catch (java.util.concurrent.RejectedExecutionException deactivating) {
                // deactivate() shut the connector down meanwhile: nothing to reconnect
            }
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            dispatcher.messageArrived(topic, message.getPayload(), message.getQos(), message.isRetained());
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            Object context = token.getUserContext();
            if (!(context instanceof Publication)) {
                return;
            }
            Publication publication = (Publication) context;
            publication.slot.release();
            if (publication.qos > 0) {
                dispatcher.messageConfirmed(new DataTransportToken(token.getMessageId(), publication.sessionId));
            }
        }
    }
}
