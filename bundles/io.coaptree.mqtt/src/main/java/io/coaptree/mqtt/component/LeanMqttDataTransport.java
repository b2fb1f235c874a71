package io.coaptree.mqtt.component;

import java.util.Map;

import javax.net.ssl.SSLSocketFactory;

import org.eclipse.kura.KuraConnectException;
import org.eclipse.kura.KuraErrorCode;
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

import io.coaptree.mqtt.connection.BrokerConnection;
import io.coaptree.mqtt.connection.ConnectionException;
import io.coaptree.mqtt.connection.TlsSockets;
import io.coaptree.mqtt.kura.KeystoreSocketFactory;
import io.coaptree.mqtt.kura.ListenerDispatcher;
import io.coaptree.mqtt.options.MqttTransportOptions;
import io.coaptree.properties.ConfigurationChange;
import io.coaptree.properties.InvalidPropertyException;

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
 * The connection itself is a {@link BrokerConnection}; this class is what Kura sees of it: the configuration (with
 * its password decrypted), the keystore for TLS, the listeners, and Kura's exceptions.
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
    public static final String PID = MqttTransportOptions.PID;

    private static final Logger logger = LoggerFactory.getLogger(LeanMqttDataTransport.class);

    private volatile CryptoService cryptoService;
    private volatile KeystoreService keystoreService;
    private volatile Object keystorePid;

    /** Why the transport does not connect, while its configuration is invalid. */
    private volatile String configurationError;
    /** The properties the transport runs with. DS calls activate, modified and deactivate one at a time. */
    private volatile Map<String, Object> runningProperties = Map.of();

    /** Whether listeners run on the MQTT client's thread, not one of the transport's own (never on a gateway). */
    private final boolean listenersOnCallersThread;
    private volatile ListenerDispatcher dispatcher;
    private volatile BrokerConnection connection;

    /** As Declarative Services makes it: listeners run on a thread of the transport's own. */
    public LeanMqttDataTransport() {
        this(false);
    }

    private LeanMqttDataTransport(boolean listenersOnCallersThread) {
        this.listenersOnCallersThread = listenersOnCallersThread;
    }

    /**
     * For a host of many transports in one JVM (the fleet simulator): listeners run on the MQTT client's thread that
     * has the event, as Kura's own transport calls them. Only for listeners that never block: a publish waiting there
     * for an in-flight slot would wait for the thread that frees it.
     */
    public static LeanMqttDataTransport withListenersOnCallersThread() {
        return new LeanMqttDataTransport(true);
    }

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

    /** TLS from the bound keystore, read at each connection attempt. */
    private final class KeystoreTls implements TlsSockets {

        @Override
        public SSLSocketFactory socketFactory() throws Exception {
            KeystoreService keystore = keystoreService;
            // without a KeystoreService the JVM's trust store decides, as Paho's own default would
            return keystore != null ? KeystoreSocketFactory.create(keystore)
                    : (SSLSocketFactory) SSLSocketFactory.getDefault();
        }

        @Override
        public String trustSource() {
            if (keystoreService == null) {
                return "Java's default trust store (no KeystoreService matches KeystoreService.target)";
            }
            Object pid = keystorePid;
            return pid != null ? "KeystoreService '" + pid + "'" : "the KeystoreService";
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Activate
    public void activate(Map<String, Object> properties) {
        runningProperties = Map.copyOf(properties);
        int capacity = listenerQueueCapacity(properties);
        dispatcher = listenersOnCallersThread ? ListenerDispatcher.onCallersThread()
                : new ListenerDispatcher("coaptree-mqtt-listeners", capacity);
        connection = new BrokerConnection(PID, dispatcher, new KeystoreTls());
        connection.start(configure(properties, "Activated"));
    }

    @Modified
    public void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(runningProperties, properties) || sameOptions(properties)) {
            runningProperties = Map.copyOf(properties);
            return;
        }
        if (connection.options() != null && refused(properties)) {
            return;
        }
        runningProperties = Map.copyOf(properties);
        boolean wasConnected = isConnected();
        dispatcher.configurationUpdating(wasConnected);
        connection.reconfigure(wasConnected, () -> configure(properties, "Updated"));
        dispatcher.configurationUpdated(wasConnected);
    }

    @Deactivate
    public void deactivate() {
        connection.stop();
        dispatcher.close(connection.timeoutMillis());
        logger.info("Deactivated {}", PID);
    }

    /** The dispatcher is made once, so an invalid first configuration still gets one: of the default capacity. */
    private static int listenerQueueCapacity(Map<String, Object> properties) {
        try {
            return MqttTransportOptions.LISTENER_QUEUE_CAPACITY.from(properties);
        } catch (InvalidPropertyException e) {
            return MqttTransportOptions.LISTENER_QUEUE_CAPACITY.defaultValue();
        }
    }

    /** The options for these properties, the password decrypted by Kura's CryptoService. */
    private MqttTransportOptions parse(Map<String, Object> properties) {
        CryptoService crypto = cryptoService;
        return MqttTransportOptions.fromProperties(properties, crypto == null ? null : crypto::decryptAes);
    }

    /**
     * True when the properties parse to the options the transport runs with: then nothing needs a reconnection
     * (Kura re-applies configurations with the metatype defaults spelled out).
     */
    private boolean sameOptions(Map<String, Object> properties) {
        MqttTransportOptions running = connection.options();
        try {
            return running != null && running.equals(parse(properties));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether a new configuration is refused while a valid one serves: then it is logged naming the field, and the
     * running configuration (and connection) stays, as in every CoAPTree component.
     */
    private boolean refused(Map<String, Object> properties) {
        try {
            parse(properties);
            return false;
        } catch (IllegalArgumentException e) {
            logger.error("{}: configuration refused, the previous one keeps serving: {}", PID, e.getMessage());
            return true;
        }
    }

    /**
     * The options to run with, or null for an invalid configuration. Never throws: an invalid first configuration
     * must still leave the component active so the WebUI can fix it (then the transport does not connect, and
     * {@link #connect()} says which field is wrong).
     *
     * @param verb "Activated" or "Updated", for the log
     */
    private MqttTransportOptions configure(Map<String, Object> properties, String verb) {
        MqttTransportOptions next = null;
        try {
            next = parse(properties);
            configurationError = null;
        } catch (IllegalArgumentException e) {
            configurationError = "invalid configuration: " + e.getMessage();
            logger.error("{}: {}; the transport will not connect until the configuration is fixed", PID,
                    configurationError);
        }
        logger.info("{} {} with {}", verb, PID, next != null ? next : configurationError);
        return next;
    }

    // ---------------------------------------------------------------- connection

    @Override
    public void connect() throws KuraConnectException {
        BrokerConnection c = connection;
        if (c == null) {
            throw new KuraConnectException("not activated");
        }
        try {
            c.connect();
        } catch (ConnectionException e) {
            if (e.kind() == ConnectionException.Kind.NOT_CONFIGURED) {
                throw new KuraConnectException(configurationError);
            }
            throw new KuraConnectException(e.getCause(), e.getMessage());
        }
    }

    @Override
    public boolean isConnected() {
        return connection.isConnected();
    }

    @Override
    public void disconnect(long quiesceTimeout) {
        connection.disconnect(quiesceTimeout);
    }

    // ---------------------------------------------------------------- messaging

    @Override
    public void subscribe(String topic, int qos) throws KuraException {
        try {
            connection.subscribe(topic, qos);
        } catch (ConnectionException e) {
            throw kuraException(e);
        }
    }

    @Override
    public void unsubscribe(String topic) throws KuraException {
        try {
            connection.unsubscribe(topic);
        } catch (ConnectionException e) {
            throw kuraException(e);
        }
    }

    /**
     * Hands the message to Paho, waiting a bounded time for room in the in-flight window. Returns a token for QoS 1
     * and 2 (confirmed later through {@link DataTransportListener#onMessageConfirmed}), {@code null} for QoS 0, as
     * Kura's transport does.
     */
    @Override
    public DataTransportToken publish(String topic, byte[] payload, int qos, boolean retain) throws KuraException {
        try {
            BrokerConnection.Published published = connection.publish(topic, payload, qos, retain);
            return published != null ? new DataTransportToken(published.messageId(), published.sessionId()) : null;
        } catch (ConnectionException e) {
            throw kuraException(e);
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

    /** Kura's exception for a failed call, as Kura's own transport would throw it. */
    private static KuraException kuraException(ConnectionException e) {
        Throwable cause = e.getCause();
        String message = e.getMessage();
        switch (e.kind()) {
        case NOT_CONNECTED:
            return cause == null ? new KuraNotConnectedException(message)
                    : new KuraNotConnectedException(cause, message);
        case IN_FLIGHT_FULL:
            return cause == null ? new KuraTooManyInflightMessagesException(message)
                    : new KuraTooManyInflightMessagesException(cause, message);
        case TIMEOUT:
            return new KuraTimeoutException(message, cause);
        case SUBSCRIPTION_REFUSED:
            return new KuraException(KuraErrorCode.SUBSCRIPTION_ERROR, null, message);
        default:
            return KuraException.internalError(cause, message);
        }
    }

    // ---------------------------------------------------------------- accessors

    @Override
    public String getBrokerUrl() {
        MqttTransportOptions current = connection.options();
        return current != null ? current.brokerUrl() : "";
    }

    @Override
    public String getAccountName() {
        MqttTransportOptions current = connection.options();
        return current != null ? current.accountName() : "";
    }

    @Override
    public String getUsername() {
        MqttTransportOptions current = connection.options();
        return current != null ? current.username() : "";
    }

    @Override
    public String getClientId() {
        MqttTransportOptions current = connection.options();
        return current != null ? current.clientId() : "";
    }

    /** Publishes handed to Paho and not yet completed. */
    public int inFlightMessages() {
        return connection.inFlightMessages();
    }
}
