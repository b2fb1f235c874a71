package io.coaptree.mqtt.options;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.coaptree.mqtt.transport.TopicVariables;
import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The configuration of the lean MQTT transport (component {@value #PID}), typed and validated. Each setting is
 * defined once below and the build writes the component's metatype from {@link #SETTINGS}. Property names follow
 * Kura's MQTT transport ({@code org.eclipse.kura.core.data.transport.mqtt.MqttDataTransport}), Kura's DataService
 * and SslManagerService where the meaning is the same; the rest are new. A bad value is refused with an
 * {@link InvalidPropertyException} that names the property.
 * <p>
 * Compared by value, the decrypted password included: a configuration that only spells out defaults the transport
 * already applied (Kura merges the metatype defaults into every configuration) changes nothing.
 *
 * @param brokerUrl the broker URL as configured (trimmed), for {@code DataTransportService.getBrokerUrl()}
 * @param accountName replaces {@code #account-name} in topics
 * @param username empty for none
 * @param password the decrypted password, empty for none; never logged. Text rather than an array so that options
 *            compare by value
 * @param clientId the MQTT client id: the configured one with topic-special characters replaced, or the host name
 *            followed by {@code -coaptree} when none is configured
 * @param keepAliveSeconds between PINGs on an idle connection, 0 for none
 * @param timeoutSeconds of every blocking interaction with the broker (connect, subscribe, disconnect)
 * @param cleanSession MQTT Clean Session flag
 * @param protocolVersion 3 = MQTT 3.1, 4 = MQTT 3.1.1 (Paho's constants)
 * @param lwtTopic the last will's topic before variable replacement; empty for no last will
 * @param lwtPayload the last will's payload as text
 * @param lwtQos the last will's QoS
 * @param lwtRetain the last will's retain flag
 * @param inFlightMax size of the in-flight window: publishes not yet completed by the broker
 * @param inFlightWaitMillis how long a publish waits for a free slot of a full in-flight window before it is refused;
 *            0: not at all
 * @param autoConnect whether the transport connects (and keeps reconnecting) as soon as it is activated
 * @param reconnectInitialDelayMillis before the first reconnection attempt, doubled after each failed one
 * @param reconnectMaxDelayMillis the longest delay between reconnection attempts
 * @param listenerQueueCapacity events waiting for the listeners
 * @param tcpNoDelay send each MQTT packet at once (TCP_NODELAY). On: a request crossing the tree in several hops does
 *            not wait for delayed ACKs (14 ms instead of 140). Off: Nagle's algorithm batches small packets, more
 *            publishes per second for a pure stream
 * @param hostnameVerification check that the broker's certificate matches the broker URL's host
 */
public record MqttTransportOptions(String brokerUrl, String accountName, String username, String password,
        String clientId, int keepAliveSeconds, int timeoutSeconds, boolean cleanSession, int protocolVersion,
        String lwtTopic, String lwtPayload, int lwtQos, boolean lwtRetain, int inFlightMax, int inFlightWaitMillis,
        boolean autoConnect, int reconnectInitialDelayMillis, int reconnectMaxDelayMillis, int listenerQueueCapacity,
        boolean tcpNoDelay, boolean hostnameVerification) {

    public static final String PID = "io.coaptree.mqtt.LeanMqttDataTransport";

    // Kura MqttDataTransport names
    public static final Setting<String> BROKER_URL = Setting.text("broker-url", "mqtt://localhost:1883/")
            .describedAs("URL of the MQTT broker: mqtt://host:1883/, mqtts://host:8883/, ws://host:port/path or "
                    + "wss://host:port/path.");
    public static final Setting<String> ACCOUNT_NAME = Setting.text("topic.context.account-name", "").optional()
            .describedAs("Replaces the '#account-name' token in topics.");
    public static final Setting<String> USERNAME = Setting.text("username", "").optional()
            .describedAs("Username for the broker; empty for none.");
    public static final Setting<char[]> PASSWORD = Setting.password("password")
            .describedAs("Password for the broker; empty for none.");
    public static final Setting<String> CLIENT_ID = Setting.text("client-id", "").optional()
            .describedAs("MQTT client identifier, unique per broker. Characters '/', '+', '#' and '.' are replaced by "
                    + "'-'. Empty: the host name followed by '-coaptree', so that it does not clash with Kura's own "
                    + "transport.");
    public static final Setting<Integer> KEEP_ALIVE = Setting.integer("keep-alive", 30).range(0, 65_535)
            .describedAs("Seconds between MQTT PING messages when the connection is idle; 0 disables keep-alive.");
    public static final Setting<Integer> TIMEOUT = Setting.integer("timeout", 10).range(1, 3600)
            .describedAs("Timeout in seconds of connect, subscribe, unsubscribe and disconnect.");
    public static final Setting<Boolean> CLEAN_SESSION = Setting.flag("clean-session", true)
            .describedAs("MQTT Clean Session flag. With a clean session, subscriptions are restored by the transport "
                    + "after each reconnection.");
    public static final Setting<Integer> PROTOCOL_VERSION = Setting.integer("protocol-version", 4)
            .labelled("3", "3.1", "4", "3.1.1").optional().describedAs("MQTT protocol version.");
    public static final Setting<String> LWT_TOPIC = Setting.text("lwt.topic", "").optional()
            .describedAs("Last Will and Testament topic; empty for no last will. The tokens '#account-name' and "
                    + "'#client-id' are replaced.");
    public static final Setting<String> LWT_PAYLOAD = Setting.text("lwt.payload", "").optional()
            .describedAs("Last Will and Testament payload as a string.");
    public static final Setting<Integer> LWT_QOS = Setting.integer("lwt.qos", 0).labelled("0", "0", "1", "1", "2", "2")
            .optional().describedAs("Last Will and Testament QoS.");
    public static final Setting<Boolean> LWT_RETAIN = Setting.flag("lwt.retain", false).optional()
            .describedAs("Last Will and Testament retain flag.");
    // Kura DataService names. MQTT packet identifiers are 16 bits: no more QoS>0 messages can be in flight.
    public static final Setting<Integer> IN_FLIGHT_MAX = Setting.integer("in-flight-messages.max-number", 100)
            .range(1, 65_535)
            .describedAs("Publishes that may be in flight (not yet completed by the broker) at once. When the window "
                    + "is full, a publish waits up to in-flight-messages.wait-ms for a free slot.");
    /*
     * A broker confirms a publish in milliseconds; a window still full after a second means a stalled broker or link,
     * and a remote query (5 s timeout by default) still has time to answer 5.04 instead of waiting it out.
     */
    public static final Setting<Integer> IN_FLIGHT_WAIT = Setting.integer("in-flight-messages.wait-ms", 1000)
            .range(0, 60_000)
            .describedAs("How long a publish waits for a free slot of a full in-flight window, in ms, before it fails "
                    + "with 'too many in-flight messages'. A broker completes a publish within milliseconds, so a "
                    + "burst only slows down; 0 refuses at once.");
    public static final Setting<Boolean> AUTO_CONNECT = Setting.flag("connect.auto-on-startup", true)
            .describedAs("Connect as soon as the component starts, and keep reconnecting until disconnected.");
    // new
    public static final Setting<Integer> RECONNECT_INITIAL_DELAY = Setting.integer("reconnect.initial-delay-ms", 1000)
            .range(10, 3_600_000)
            .describedAs("Delay in milliseconds before the first reconnection attempt; doubled after each failed "
                    + "attempt.");
    public static final Setting<Integer> RECONNECT_MAX_DELAY = Setting.integer("reconnect.max-delay-ms", 60_000)
            .range(10, 3_600_000).describedAs("Longest delay in milliseconds between reconnection attempts.");
    public static final Setting<Integer> LISTENER_QUEUE_CAPACITY = Setting.integer("listener.queue-capacity", 10_000)
            .range(1, 1_000_000)
            .describedAs("Events (arrived messages, confirmations, connection events) waiting for the listeners. "
                    + "Listeners run on their own thread so that slow listeners never delay MQTT keep-alive; when "
                    + "this many events wait, further events are dropped and logged.");
    /** The target of the component's KeystoreService reference, which Kura renders as a keystore picker; DS reads it. */
    public static final Setting<String> KEYSTORE_TARGET = Setting
            .text("KeystoreService.target", "(kura.service.pid=SSLKeystore)").optional()
            .named("KeystoreService Target Filter")
            .describedAs("Keystore for mqtts:// and wss://: its certificates are trusted for the broker, its key "
                    + "entries are used for client authentication. Without a keystore the Java default trust store is "
                    + "used.");
    public static final Setting<Boolean> TCP_NO_DELAY = Setting.flag("tcp.no-delay", true)
            .describedAs("Send every MQTT packet at once (TCP_NODELAY). Keeps requests crossing the gateway tree fast "
                    + "(each hop would otherwise wait for the broker's delayed ACK, tens of milliseconds); switch off "
                    + "only for a gateway that streams many small publishes and cares for throughput, not latency.");
    // Kura SslManagerService name
    public static final Setting<Boolean> HOSTNAME_VERIFICATION = Setting.flag("ssl.hostname.verification", true)
            .describedAs("Check that the broker's certificate matches the host name of broker-url.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(BROKER_URL, ACCOUNT_NAME, USERNAME, PASSWORD, CLIENT_ID,
            KEEP_ALIVE, TIMEOUT, CLEAN_SESSION, PROTOCOL_VERSION, LWT_TOPIC, LWT_PAYLOAD, LWT_QOS, LWT_RETAIN,
            IN_FLIGHT_MAX, IN_FLIGHT_WAIT, AUTO_CONNECT, RECONNECT_INITIAL_DELAY, RECONNECT_MAX_DELAY,
            LISTENER_QUEUE_CAPACITY, KEYSTORE_TARGET, TCP_NO_DELAY, HOSTNAME_VERIFICATION);

    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree Lean MQTT Transport",
            "An MQTT connection for the CoAPTree gateway hierarchy, beside Kura's own transport. Messages go straight "
                    + "to the broker: no message store, no priority queue. When the in-flight window is full a publish "
                    + "waits a bounded time for a free slot, then fails; nothing is stored. Reconnects with backoff "
                    + "and restores subscriptions.",
            ALL);

    /** Decrypts a Password property, as Kura's CryptoService.decryptAes does. */
    @FunctionalInterface
    public interface PasswordDecryptor {
        char[] decrypt(char[] encrypted) throws Exception;
    }

    public MqttTransportOptions {
        brokerUrl = brokerUrl.trim();
        parseBrokerUrl(brokerUrl);
        clientId = effectiveClientId(clientId);
        KEEP_ALIVE.check(keepAliveSeconds);
        TIMEOUT.check(timeoutSeconds);
        PROTOCOL_VERSION.check(protocolVersion);
        String resolvedWillTopic = new TopicVariables(accountName, clientId).resolve(lwtTopic);
        if (resolvedWillTopic.contains("+") || resolvedWillTopic.contains("#")) {
            throw new InvalidPropertyException(LWT_TOPIC.id(),
                    "'" + lwtTopic + "' must not contain wildcards or unknown #variables");
        }
        LWT_QOS.check(lwtQos);
        IN_FLIGHT_MAX.check(inFlightMax);
        IN_FLIGHT_WAIT.check(inFlightWaitMillis);
        RECONNECT_INITIAL_DELAY.check(reconnectInitialDelayMillis);
        RECONNECT_MAX_DELAY.check(reconnectMaxDelayMillis);
        if (reconnectMaxDelayMillis < reconnectInitialDelayMillis) {
            throw new InvalidPropertyException(RECONNECT_MAX_DELAY.id(), reconnectMaxDelayMillis + " is below "
                    + RECONNECT_INITIAL_DELAY + " (" + reconnectInitialDelayMillis + ")");
        }
        LISTENER_QUEUE_CAPACITY.check(listenerQueueCapacity);
    }

    /**
     * Reads and validates configuration properties as the Kura WebUI delivers them. A password that cannot be
     * decrypted is taken as given, as Kura's own transport does (a snapshot may carry it in clear).
     *
     * @param decryptor decrypts the password; null takes it as given
     * @throws InvalidPropertyException naming the property when a value is of the wrong type or out of range
     */
    public static MqttTransportOptions fromProperties(Map<String, ?> properties, PasswordDecryptor decryptor) {
        return new MqttTransportOptions(BROKER_URL.from(properties), ACCOUNT_NAME.from(properties),
                USERNAME.from(properties), decrypted(PASSWORD.from(properties), decryptor), CLIENT_ID.from(properties),
                KEEP_ALIVE.from(properties), TIMEOUT.from(properties), CLEAN_SESSION.from(properties),
                PROTOCOL_VERSION.from(properties), LWT_TOPIC.from(properties), LWT_PAYLOAD.from(properties),
                LWT_QOS.from(properties), LWT_RETAIN.from(properties), IN_FLIGHT_MAX.from(properties),
                IN_FLIGHT_WAIT.from(properties), AUTO_CONNECT.from(properties),
                RECONNECT_INITIAL_DELAY.from(properties), RECONNECT_MAX_DELAY.from(properties),
                LISTENER_QUEUE_CAPACITY.from(properties), TCP_NO_DELAY.from(properties),
                HOSTNAME_VERIFICATION.from(properties));
    }

    /** @return every setting at its default (no password, the client id from the host name) */
    public static MqttTransportOptions defaults() {
        return fromProperties(Map.of(), null);
    }

    private static URI parseBrokerUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidPropertyException(BROKER_URL.id(), "'" + url + "' is not a URL", e);
        }
        if (!scheme(uri).matches("mqtts?|tcp|ssl|wss?")) {
            throw new InvalidPropertyException(BROKER_URL.id(),
                    "'" + url + "' must start with mqtt://, mqtts://, ws:// or wss://");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new InvalidPropertyException(BROKER_URL.id(), "'" + url + "' has no host");
        }
        return uri;
    }

    private static String scheme(URI uri) {
        return uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    }

    private static String decrypted(char[] stored, PasswordDecryptor decryptor) {
        if (stored.length == 0 || decryptor == null) {
            return new String(stored);
        }
        try {
            return new String(decryptor.decrypt(stored));
        } catch (Exception e) {
            return new String(stored);
        }
    }

    private static String effectiveClientId(String configured) {
        String id = configured.trim();
        if (id.isEmpty()) {
            try {
                id = InetAddress.getLocalHost().getHostName() + "-coaptree";
            } catch (UnknownHostException e) {
                id = "coaptree-" + Long.toHexString(System.nanoTime());
            }
        }
        // Kura's rule: the client id is used inside topics, so topic-special characters are replaced.
        return id.replace('/', '-').replace('+', '-').replace('#', '-').replace('.', '-');
    }

    /** The URI handed to Paho: tcp://, ssl://, ws:// or wss://, with the default port filled in. */
    public String pahoServerUri() {
        // Paho speaks tcp:// and ssl://; the WebSocket schemes keep their path.
        URI uri = parseBrokerUrl(brokerUrl);
        String host = uri.getHost().contains(":") && !uri.getHost().startsWith("[") ? "[" + uri.getHost() + "]"
                : uri.getHost();
        switch (scheme(uri)) {
        case "mqtt":
        case "tcp":
            return "tcp://" + host + ":" + (uri.getPort() < 0 ? 1883 : uri.getPort());
        case "mqtts":
        case "ssl":
            return "ssl://" + host + ":" + (uri.getPort() < 0 ? 8883 : uri.getPort());
        default:
            return uri.toString();
        }
    }

    /** Whether the broker URL asks for TLS (mqtts, ssl or wss). */
    public boolean tls() {
        return scheme(parseBrokerUrl(brokerUrl)).matches("mqtts|ssl|wss");
    }

    public long timeoutMillis() {
        return timeoutSeconds * 1000L;
    }

    public TopicVariables topicVariables() {
        return new TopicVariables(accountName, clientId);
    }

    @Override
    public String toString() {
        // The password stays out: this string goes to logs.
        return "MqttTransportOptions[" + BROKER_URL + "=" + brokerUrl + ", " + CLIENT_ID + "=" + clientId + ", "
                + USERNAME + "=" + username + ", " + KEEP_ALIVE + "=" + keepAliveSeconds + ", " + TIMEOUT + "="
                + timeoutSeconds + ", " + CLEAN_SESSION + "=" + cleanSession + ", " + IN_FLIGHT_MAX + "="
                + inFlightMax + ", " + IN_FLIGHT_WAIT + "=" + inFlightWaitMillis + "]";
    }
}
