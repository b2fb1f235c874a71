package io.coaptree.harness.hierarchy.cloud.bundle;

import java.util.Map;
import java.util.TreeMap;

/**
 * The settings of an emulated Kura cloud connection and its publisher, under Kura 5.6's own names: those of the
 * DataService ({@code org.eclipse.kura.data.DataService}: its message store, in-flight window and rate limit) and of
 * the CloudPublisher ({@code qos}, {@code priority}), with the values a Kura 5.6 gateway starts with (its
 * distribution's snapshot_0.xml, else the metatype's default). A gateway's defaults are strict: the connection does
 * not connect by itself, sends at most one message a second, and its store holds 1000 messages (delivered ones
 * until the housekeeper purges them, every 900 s); a harness that needs more sets what an operator would. Plain JDK
 * types only: the harness builds these outside the gateway and the bundle reads them inside, from one manifest
 * header.
 */
public final class CloudConnectionSettings {

    static final String AUTO_CONNECT = "connect.auto-on-startup";
    static final String STORE_CAPACITY = "store.capacity";
    static final String PURGE_AGE = "store.purge-age";
    static final String HOUSEKEEPER_INTERVAL = "store.housekeeper-interval";
    static final String MAX_IN_FLIGHT = "in-flight-messages.max-number";
    static final String REPUBLISH = "in-flight-messages.republish-on-new-session";
    static final String RATE_LIMIT = "enable.rate.limit";
    static final String RATE_AVERAGE = "rate.limit.average";
    static final String RATE_UNIT = "rate.limit.time.unit";
    static final String RATE_BURST = "rate.limit.burst.size";
    static final String MAX_PAYLOAD = "maximum.payload.size";
    static final String QOS = "qos";
    static final String PRIORITY = "priority";
    /** Not Kura's: how long the cloud's broker takes to acknowledge a QoS 1 message. */
    static final String CONFIRM_DELAY = "harness.confirm.delay.ms";
    /** Not Kura's: {@code host:port} that gets each message's body as a datagram when the cloud receives it. */
    static final String FORWARD = "harness.forward.udp";

    private final Map<String, String> values;

    private CloudConnectionSettings(Map<String, String> values) {
        this.values = new TreeMap<>(values);
    }

    /** What a Kura 5.6 gateway starts with. */
    public static CloudConnectionSettings kuraDefaults() {
        Map<String, String> v = new TreeMap<>();
        v.put(AUTO_CONNECT, "false");
        v.put(STORE_CAPACITY, "1000"); // the distribution's snapshot_0.xml; the metatype says 10000
        v.put(PURGE_AGE, "60");
        v.put(HOUSEKEEPER_INTERVAL, "900");
        v.put(MAX_IN_FLIGHT, "9");
        v.put(REPUBLISH, "true");
        v.put(RATE_LIMIT, "true");
        v.put(RATE_AVERAGE, "1");
        v.put(RATE_UNIT, "SECONDS");
        v.put(RATE_BURST, "1");
        v.put(MAX_PAYLOAD, "16777216");
        v.put(QOS, "0");
        v.put(PRIORITY, "7");
        v.put(CONFIRM_DELAY, "0");
        return new CloudConnectionSettings(v);
    }

    /** {@code connect.auto-on-startup}: connected as soon as the connection is installed. */
    public CloudConnectionSettings autoConnect(boolean connect) {
        return with(AUTO_CONNECT, connect);
    }

    /** {@code store.capacity} (at least 1): messages the store holds, delivered ones until purged. */
    public CloudConnectionSettings storeCapacity(int messages) {
        return with(STORE_CAPACITY, atLeast(STORE_CAPACITY, messages, 1));
    }

    /** {@code store.housekeeper-interval} and {@code store.purge-age}, in seconds (at least 5 each, as Kura). */
    public CloudConnectionSettings housekeeping(int intervalSeconds, int purgeAgeSeconds) {
        return with(HOUSEKEEPER_INTERVAL, atLeast(HOUSEKEEPER_INTERVAL, intervalSeconds, 5))
                .with(PURGE_AGE, atLeast(PURGE_AGE, purgeAgeSeconds, 5));
    }

    /** {@code in-flight-messages.max-number} (1-10) and {@code in-flight-messages.republish-on-new-session}. */
    public CloudConnectionSettings inFlight(int max, boolean republishOnNewSession) {
        if (max < 1 || max > 10) {
            throw new IllegalArgumentException(MAX_IN_FLIGHT + ": " + max + " is outside 1..10");
        }
        return with(MAX_IN_FLIGHT, max).with(REPUBLISH, republishOnNewSession);
    }

    /** {@code enable.rate.limit} off: messages leave as fast as the connection takes them. */
    public CloudConnectionSettings noRateLimit() {
        return with(RATE_LIMIT, false);
    }

    /** {@code maximum.payload.size} in bytes. */
    public CloudConnectionSettings maximumPayload(long bytes) {
        return with(MAX_PAYLOAD, atLeast(MAX_PAYLOAD, bytes, 0));
    }

    /** The CloudPublisher's {@code qos} (0 or 1, Kura's options). */
    public CloudConnectionSettings qos(int qos) {
        if (qos != 0 && qos != 1) {
            throw new IllegalArgumentException(QOS + ": " + qos + " is not 0 or 1");
        }
        return with(QOS, qos);
    }

    /** How long the cloud's broker takes to acknowledge a QoS 1 message (the harness's, not Kura's). */
    public CloudConnectionSettings confirmDelayMillis(long millis) {
        return with(CONFIRM_DELAY, atLeast(CONFIRM_DELAY, millis, 0));
    }

    /** Each message's body as a UDP datagram to {@code host:port} when the cloud receives it, or null for none. */
    public CloudConnectionSettings forwardUdp(String hostAndPort) {
        Map<String, String> v = new TreeMap<>(this.values);
        if (hostAndPort == null) {
            v.remove(FORWARD);
        } else {
            v.put(FORWARD, hostAndPort);
        }
        return new CloudConnectionSettings(v);
    }

    /** One line, {@code key=value} pairs separated by {@code ;} (no value holds either). */
    public String header() {
        StringBuilder line = new StringBuilder();
        this.values.forEach((key, value) -> line.append(line.length() == 0 ? "" : ";").append(key).append('=')
                .append(value));
        return line.toString();
    }

    static CloudConnectionSettings parse(String header) {
        Map<String, String> v = new TreeMap<>(kuraDefaults().values);
        for (String pair : header.split(";")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                v.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return new CloudConnectionSettings(v);
    }

    boolean flag(String key) {
        return Boolean.parseBoolean(this.values.get(key));
    }

    long number(String key) {
        return Long.parseLong(this.values.get(key));
    }

    String text(String key) {
        return this.values.get(key);
    }

    private CloudConnectionSettings with(String key, Object value) {
        Map<String, String> v = new TreeMap<>(this.values);
        v.put(key, String.valueOf(value));
        return new CloudConnectionSettings(v);
    }

    private static long atLeast(String key, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(key + ": " + value + " is below " + min);
        }
        return value;
    }

    @Override
    public String toString() {
        return header();
    }
}
