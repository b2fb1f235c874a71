package io.coaptree.mqtt.transport;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;

/**
 * The validated configuration of the lean MQTT transport. Property names follow Kura's MQTT transport
 * ({@code org.eclipse.kura.core.data.transport.mqtt.MqttDataTransport}) and Kura's DataService where the
 * meaning is the same; the rest are new. A bad value is refused with a message that names the property.
 */
public final class MqttTransportOptions {

    // Kura MqttDataTransport names
    public static final String BROKER_URL = "broker-url";
    public static final String ACCOUNT_NAME = "topic.context.account-name";
    public static final String USERNAME = "username";
    public static final String PASSWORD = "password";
    public static final String CLIENT_ID = "client-id";
    public static final String KEEP_ALIVE = "keep-alive";
    public static final String TIMEOUT = "timeout";
    public static final String CLEAN_SESSION = "clean-session";
    public static final String PROTOCOL_VERSION = "protocol-version";
    public static final String LWT_TOPIC = "lwt.topic";
    public static final String LWT_PAYLOAD = "lwt.payload";
    public static final String LWT_QOS = "lwt.qos";
    public static final String LWT_RETAIN = "lwt.retain";
    // Kura DataService names
    public static final String IN_FLIGHT_MAX = "in-flight-messages.max-number";
    public static final String AUTO_CONNECT = "connect.auto-on-startup";
    // Kura SslManagerService name
    public static final String HOSTNAME_VERIFICATION = "ssl.hostname.verification";
    public static final String TCP_NO_DELAY = "tcp.no-delay";
    // new
    public static final String RECONNECT_INITIAL_DELAY = "reconnect.initial-delay-ms";
    public static final String RECONNECT_MAX_DELAY = "reconnect.max-delay-ms";
    public static final String LISTENER_QUEUE_CAPACITY = "listener.queue-capacity";
    public static final String IN_FLIGHT_WAIT = "in-flight-messages.wait-ms";

    public static final String DEFAULT_BROKER_URL = "mqtt://localhost:1883/";
    public static final int DEFAULT_KEEP_ALIVE = 30;
    public static final int DEFAULT_TIMEOUT = 10;
    public static final int DEFAULT_PROTOCOL_VERSION = 4;
    public static final int DEFAULT_IN_FLIGHT_MAX = 100;
    public static final int DEFAULT_RECONNECT_INITIAL_DELAY = 1000;
    public static final int DEFAULT_RECONNECT_MAX_DELAY = 60_000;
    public static final int DEFAULT_LISTENER_QUEUE_CAPACITY = 10_000;
    /**
     * A broker confirms a publish in milliseconds; a window still full after a second means a stalled broker or
     * link, and a remote query (5 s timeout by default) still has time to answer 5.04 instead of waiting it out.
     */
    public static final int DEFAULT_IN_FLIGHT_WAIT = 1000;

    /** MQTT packet identifiers are 16 bits: no more QoS>0 messages can be in flight. */
    static final int MAX_IN_FLIGHT = 65_535;

    /** Decrypts a Password property, as Kura's CryptoService.decryptAes does. */
    @FunctionalInterface
    public interface PasswordDecryptor {
        char[] decrypt(char[] encrypted) throws Exception;
    }

    private final String brokerUrl;
    private final String pahoServerUri;
    private final boolean tls;
    private final String accountName;
    private final String username;
    private final char[] password;
    private final String clientId;
    private final int keepAliveSeconds;
    private final int timeoutSeconds;
    private final boolean cleanSession;
    private final int protocolVersion;
    private final String lwtTopic;
    private final byte[] lwtPayload;
    private final int lwtQos;
    private final boolean lwtRetain;
    private final int inFlightMax;
    private final boolean autoConnect;
    private final boolean hostnameVerification;
    private final boolean tcpNoDelay;
    private final int reconnectInitialDelayMillis;
    private final int reconnectMaxDelayMillis;
    private final int listenerQueueCapacity;
    private final int inFlightWaitMillis;

    private MqttTransportOptions(ComponentProperties p, PasswordDecryptor decryptor) {
        this.brokerUrl = p.string(BROKER_URL, DEFAULT_BROKER_URL).trim();
        URI uri = parseBrokerUrl(brokerUrl);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        this.tls = scheme.equals("mqtts") || scheme.equals("ssl") || scheme.equals("wss");
        this.pahoServerUri = toPahoUri(uri, scheme);
        this.accountName = p.string(ACCOUNT_NAME, "");
        this.username = p.string(USERNAME, "");
        this.password = decrypted(p.password(PASSWORD), decryptor);
        this.clientId = clientId(p.string(CLIENT_ID, ""));
        this.keepAliveSeconds = p.integer(KEEP_ALIVE, DEFAULT_KEEP_ALIVE, 0, 65_535);
        this.timeoutSeconds = p.integer(TIMEOUT, DEFAULT_TIMEOUT, 1, 3600);
        this.cleanSession = p.bool(CLEAN_SESSION, true);
        this.protocolVersion = p.integer(PROTOCOL_VERSION, DEFAULT_PROTOCOL_VERSION, 3, 4);
        this.lwtTopic = p.string(LWT_TOPIC, "");
        this.lwtPayload = p.string(LWT_PAYLOAD, "").getBytes(StandardCharsets.UTF_8);
        this.lwtQos = p.integer(LWT_QOS, 0, 0, 2);
        this.lwtRetain = p.bool(LWT_RETAIN, false);
        String resolvedWillTopic = new TopicVariables(accountName, clientId).resolve(lwtTopic);
        if (resolvedWillTopic.contains("+") || resolvedWillTopic.contains("#")) {
            throw new InvalidPropertyException(LWT_TOPIC,
                    "'" + lwtTopic + "' must not contain wildcards or unknown #variables");
        }
        this.inFlightMax = p.integer(IN_FLIGHT_MAX, DEFAULT_IN_FLIGHT_MAX, 1, MAX_IN_FLIGHT);
        this.autoConnect = p.bool(AUTO_CONNECT, true);
        this.hostnameVerification = p.bool(HOSTNAME_VERIFICATION, true);
        this.tcpNoDelay = p.bool(TCP_NO_DELAY, true);
        this.reconnectInitialDelayMillis = p.integer(RECONNECT_INITIAL_DELAY, DEFAULT_RECONNECT_INITIAL_DELAY, 10,
                3_600_000);
        this.reconnectMaxDelayMillis = p.integer(RECONNECT_MAX_DELAY, DEFAULT_RECONNECT_MAX_DELAY, 10, 3_600_000);
        if (reconnectMaxDelayMillis < reconnectInitialDelayMillis) {
            throw new InvalidPropertyException(RECONNECT_MAX_DELAY, reconnectMaxDelayMillis + " is below "
                    + RECONNECT_INITIAL_DELAY + " (" + reconnectInitialDelayMillis + ")");
        }
        this.listenerQueueCapacity = p.integer(LISTENER_QUEUE_CAPACITY, DEFAULT_LISTENER_QUEUE_CAPACITY, 1,
                1_000_000);
        this.inFlightWaitMillis = p.integer(IN_FLIGHT_WAIT, DEFAULT_IN_FLIGHT_WAIT, 0, 60_000);
    }

    /**
     * Reads and validates configuration properties as the Kura WebUI delivers them. A password that cannot
     * be decrypted is taken as given, as Kura's own transport does (a snapshot may carry it in clear).
     *
     * @throws InvalidPropertyException naming the property when a value is of the wrong type or out of range
     */
    public static MqttTransportOptions fromProperties(Map<String, ?> properties, PasswordDecryptor decryptor) {
        return new MqttTransportOptions(ComponentProperties.of(properties), decryptor);
    }

    private static URI parseBrokerUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new InvalidPropertyException(BROKER_URL, "'" + url + "' is not a URL", e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.matches("mqtts?|tcp|ssl|wss?")) {
            throw new InvalidPropertyException(BROKER_URL,
                    "'" + url + "' must start with mqtt://, mqtts://, ws:// or wss://");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new InvalidPropertyException(BROKER_URL, "'" + url + "' has no host");
        }
        return uri;
    }

    /** Paho speaks tcp:// and ssl://; the WebSocket schemes keep their path. */
    private static String toPahoUri(URI uri, String scheme) {
        String host = uri.getHost().contains(":") && !uri.getHost().startsWith("[") ? "[" + uri.getHost() + "]"
                : uri.getHost();
        switch (scheme) {
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

    private static char[] decrypted(char[] stored, PasswordDecryptor decryptor) {
        if (stored.length == 0 || decryptor == null) {
            return stored;
        }
        try {
            return decryptor.decrypt(stored);
        } catch (Exception e) {
            return stored;
        }
    }

    private static String clientId(String configured) {
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

    /** The broker URL as configured, for {@code DataTransportService.getBrokerUrl()}. */
    public String brokerUrl() {
        return brokerUrl;
    }

    /** The URI handed to Paho: tcp://, ssl://, ws:// or wss://, with the default port filled in. */
    public String pahoServerUri() {
        return pahoServerUri;
    }

    public boolean tls() {
        return tls;
    }

    public String accountName() {
        return accountName;
    }

    public String username() {
        return username;
    }

    /** The decrypted password (a copy); empty for none. Never log it. */
    public char[] password() {
        return password.clone();
    }

    public String clientId() {
        return clientId;
    }

    public int keepAliveSeconds() {
        return keepAliveSeconds;
    }

    /** Timeout of every blocking interaction with the broker (connect, subscribe, disconnect), in seconds. */
    public int timeoutSeconds() {
        return timeoutSeconds;
    }

    public long timeoutMillis() {
        return timeoutSeconds * 1000L;
    }

    public boolean cleanSession() {
        return cleanSession;
    }

    /** 3 = MQTT 3.1, 4 = MQTT 3.1.1 (Paho's constants). */
    public int protocolVersion() {
        return protocolVersion;
    }

    /** Last-will topic before variable replacement; empty for no last will. */
    public String lwtTopic() {
        return lwtTopic;
    }

    public byte[] lwtPayload() {
        return lwtPayload.clone();
    }

    public int lwtQos() {
        return lwtQos;
    }

    public boolean lwtRetain() {
        return lwtRetain;
    }

    /** Size of the in-flight window: publishes not yet completed by the broker. */
    public int inFlightMax() {
        return inFlightMax;
    }

    /** How long a publish waits for a free slot of a full in-flight window before it is refused; 0: not at all. */
    public int inFlightWaitMillis() {
        return inFlightWaitMillis;
    }

    /** Whether the transport connects (and keeps reconnecting) as soon as it is activated. */
    public boolean autoConnect() {
        return autoConnect;
    }

    public boolean hostnameVerification() {
        return hostnameVerification;
    }

    /**
     * Send each MQTT packet at once (TCP_NODELAY). On: a request crossing the tree in several hops does not wait
     * for delayed ACKs (14 ms instead of 140). Off: Nagle's algorithm batches small packets, more publishes per
     * second for a pure stream.
     */
    public boolean tcpNoDelay() {
        return tcpNoDelay;
    }

    public int reconnectInitialDelayMillis() {
        return reconnectInitialDelayMillis;
    }

    public int reconnectMaxDelayMillis() {
        return reconnectMaxDelayMillis;
    }

    public int listenerQueueCapacity() {
        return listenerQueueCapacity;
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

    /**
     * Same settings, the decrypted password included: a configuration that only spells out defaults the transport
     * already applied (Kura merges the metatype defaults into every configuration) changes nothing.
     */
    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof MqttTransportOptions o)) {
            return false;
        }
        return Objects.equals(brokerUrl, o.brokerUrl)
                && Objects.equals(pahoServerUri, o.pahoServerUri)
                && tls == o.tls
                && Objects.equals(accountName, o.accountName)
                && Objects.equals(username, o.username)
                && Arrays.equals(password, o.password)
                && Objects.equals(clientId, o.clientId)
                && keepAliveSeconds == o.keepAliveSeconds
                && timeoutSeconds == o.timeoutSeconds
                && cleanSession == o.cleanSession
                && protocolVersion == o.protocolVersion
                && Objects.equals(lwtTopic, o.lwtTopic)
                && Arrays.equals(lwtPayload, o.lwtPayload)
                && lwtQos == o.lwtQos
                && lwtRetain == o.lwtRetain
                && inFlightMax == o.inFlightMax
                && autoConnect == o.autoConnect
                && hostnameVerification == o.hostnameVerification
                && tcpNoDelay == o.tcpNoDelay
                && reconnectInitialDelayMillis == o.reconnectInitialDelayMillis
                && reconnectMaxDelayMillis == o.reconnectMaxDelayMillis
                && listenerQueueCapacity == o.listenerQueueCapacity
                && inFlightWaitMillis == o.inFlightWaitMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(brokerUrl, clientId, username, keepAliveSeconds, lwtTopic);
    }
}
