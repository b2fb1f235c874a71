package io.coaptree.harness.exchange.run;

import java.util.Map;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;

/**
 * The validated configuration of an exchange probe. A bad value is refused with a message naming the property.
 */
public final class ProbeSettings {

    /** Whether the probe answers requests or sends them. */
    public enum Mode {
        RESPONDER, INITIATOR
    }

    public static final String MODE = "probe.mode";
    public static final String TOPIC = "probe.topic";
    public static final String EXCHANGES = "probe.exchanges";
    public static final String CONCURRENCY = "probe.concurrency";
    public static final String QOS = "probe.qos";
    public static final String PAYLOAD_BYTES = "probe.payload-bytes";
    public static final String TIMEOUT_MILLIS = "probe.timeout-ms";

    public static final String DEFAULT_TOPIC = "coaptree/probe";
    public static final int DEFAULT_EXCHANGES = 1000;
    public static final int DEFAULT_CONCURRENCY = 8;
    public static final int DEFAULT_QOS = 1;
    public static final int DEFAULT_PAYLOAD_BYTES = 64;
    public static final int DEFAULT_TIMEOUT_MILLIS = 10_000;

    private final Mode mode;
    private final String topic;
    private final int exchanges;
    private final int concurrency;
    private final int qos;
    private final int payloadBytes;
    private final int timeoutMillis;

    private ProbeSettings(ComponentProperties p) {
        this.mode = p.enumValue(MODE, Mode.RESPONDER);
        this.topic = p.string(TOPIC, DEFAULT_TOPIC).trim();
        if (topic.isEmpty() || topic.contains("+") || topic.contains("#")) {
            throw new InvalidPropertyException(TOPIC, "'" + topic + "' must be a non-empty topic without wildcards");
        }
        this.exchanges = p.integer(EXCHANGES, DEFAULT_EXCHANGES, 1, 10_000_000);
        this.concurrency = p.integer(CONCURRENCY, DEFAULT_CONCURRENCY, 1, 10_000);
        this.qos = p.integer(QOS, DEFAULT_QOS, 0, 2);
        this.payloadBytes = p.integer(PAYLOAD_BYTES, DEFAULT_PAYLOAD_BYTES, 0, 60_000);
        this.timeoutMillis = p.integer(TIMEOUT_MILLIS, DEFAULT_TIMEOUT_MILLIS, 1, 3_600_000);
    }

    /** @throws InvalidPropertyException naming the property when a value is of the wrong type or out of range */
    public static ProbeSettings from(Map<String, ?> properties) {
        return new ProbeSettings(ComponentProperties.of(properties));
    }

    public Mode mode() {
        return mode;
    }

    public String topic() {
        return topic;
    }

    /** Where initiators publish requests and responders subscribe. */
    public String requestTopic() {
        return topic + "/requests";
    }

    /** Where responders publish responses and initiators subscribe. */
    public String responseTopic() {
        return topic + "/responses";
    }

    /** How many request/response exchanges an initiator runs. */
    public int exchanges() {
        return exchanges;
    }

    /** How many exchanges an initiator keeps outstanding at once. */
    public int concurrency() {
        return concurrency;
    }

    public int qos() {
        return qos;
    }

    public int payloadBytes() {
        return payloadBytes;
    }

    /**
     * How long one exchange may take, how long a publish may keep backing off, and how long to wait for the
     * broker connection.
     */
    public int timeoutMillis() {
        return timeoutMillis;
    }

    @Override
    public String toString() {
        return "ProbeSettings[" + MODE + "=" + mode + ", " + TOPIC + "=" + topic + ", " + EXCHANGES + "=" + exchanges
                + ", " + CONCURRENCY + "=" + concurrency + ", " + QOS + "=" + qos + ", " + PAYLOAD_BYTES + "="
                + payloadBytes + ", " + TIMEOUT_MILLIS + "=" + timeoutMillis + "]";
    }
}
