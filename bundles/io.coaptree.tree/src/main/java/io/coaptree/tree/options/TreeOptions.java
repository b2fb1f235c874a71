package io.coaptree.tree.options;

import static io.coaptree.properties.Refusal.STANDARD;

import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.properties.InvalidPropertyException;

/**
 * A gateway's place in the tree and the membership protocol's timings and limits. Immutable and validated: a
 * bad value is refused with an {@link InvalidPropertyException} naming the property.
 * <p>
 * Timing guarantee: a failed node is marked down at most {@code failure timeout + tick interval} after its last
 * heartbeat, and its children are re-attached in that same tick; the builder therefore requires that sum to be
 * at most the re-attach deadline.
 */
public final class TreeOptions {

    public static final String LEVEL = "tree.level";
    public static final String DOMAIN = "tree.domain";
    public static final String GROUP = "tree.group";
    public static final String NODE_NAME = "tree.node.name";
    public static final String COAP_ENDPOINT = "tree.coap.endpoint";
    public static final String TOPIC_PREFIX = "tree.topic.prefix";
    /**
     * The name of the MQTT broker this gateway is connected to, announced to the tree: gateways announcing the same
     * name send remote requests straight to each other. Empty: the transport's broker URL, as host and port.
     */
    public static final String BROKER_NAME = "tree.broker.name";
    public static final String HEARTBEAT_INTERVAL = "tree.heartbeat.interval.ms";
    public static final String FAILURE_TIMEOUT = "tree.failure.timeout.ms";
    public static final String REATTACH_DEADLINE = "tree.reattach.deadline.ms";
    public static final String TICK_INTERVAL = "tree.tick.interval.ms";
    public static final String JOIN_WINDOW = "tree.join.window.ms";
    public static final String FORGET_AFTER = "tree.forget.after.ms";
    public static final String MAX_MEMBERS = "tree.max.members";
    public static final String MAX_MESSAGE_BYTES = "tree.max.message.bytes";
    /** At most one WARN line per refusal reason per this interval (see {@code io.coaptree.tree.drops}). */
    public static final String REFUSAL_WARN_INTERVAL = "tree.refusal.warn.interval.ms";

    public static final String DEFAULT_TOPIC_PREFIX = "coaptree";
    public static final long DEFAULT_REFUSAL_WARN_INTERVAL_MILLIS = 10_000;

    private final NodeAddress self;
    private final String coapEndpoint;
    private final String brokerName;
    private final String topicPrefix;
    private final long heartbeatIntervalMillis;
    private final long failureTimeoutMillis;
    private final long reattachDeadlineMillis;
    private final long tickIntervalMillis;
    private final long joinWindowMillis;
    private final long forgetAfterMillis;
    private final int maxMembers;
    private final int maxMessageBytes;
    private final long refusalWarnIntervalMillis;

    private TreeOptions(Builder b) {
        this.self = b.self;
        this.coapEndpoint = b.coapEndpoint;
        this.brokerName = b.brokerName;
        this.topicPrefix = b.topicPrefix;
        this.heartbeatIntervalMillis = b.heartbeatIntervalMillis;
        this.failureTimeoutMillis = b.failureTimeoutMillis;
        this.reattachDeadlineMillis = b.reattachDeadlineMillis;
        this.tickIntervalMillis = b.tickIntervalMillis;
        this.joinWindowMillis = b.joinWindowMillis;
        this.forgetAfterMillis = b.forgetAfterMillis;
        this.maxMembers = b.maxMembers;
        this.maxMessageBytes = b.maxMessageBytes;
        this.refusalWarnIntervalMillis = b.refusalWarnIntervalMillis;
    }

    public static Builder builder(NodeAddress self) {
        return new Builder(self);
    }

    /**
     * Reads a Kura component configuration ({@link ComponentProperties} says which forms each type may take).
     *
     * @throws InvalidPropertyException naming the property
     */
    public static TreeOptions fromProperties(Map<String, ?> properties) {
        Objects.requireNonNull(properties, "properties");
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        NodeAddress self;
        String name = p.string(NODE_NAME, "").trim();
        int level = p.integer(LEVEL, -1);
        try {
            self = NodeAddress.of(NodePath.of(level, p.string(DOMAIN, "").trim(), p.string(GROUP, "").trim()), name);
        } catch (InvalidNodeException e) {
            throw new InvalidPropertyException(propertyOf(e.field()), e.getMessage(), e);
        }
        Builder b = builder(self).coapEndpoint(p.string(COAP_ENDPOINT, "").trim())
                .brokerName(p.string(BROKER_NAME, "").trim())
                .topicPrefix(p.string(TOPIC_PREFIX, DEFAULT_TOPIC_PREFIX).trim());
        Builder d = new Builder(self);
        b.heartbeatIntervalMillis(p.longValue(HEARTBEAT_INTERVAL, d.heartbeatIntervalMillis))
                .failureTimeoutMillis(p.longValue(FAILURE_TIMEOUT, d.failureTimeoutMillis))
                .reattachDeadlineMillis(p.longValue(REATTACH_DEADLINE, d.reattachDeadlineMillis))
                .tickIntervalMillis(p.longValue(TICK_INTERVAL, d.tickIntervalMillis))
                .joinWindowMillis(p.longValue(JOIN_WINDOW, d.joinWindowMillis))
                .forgetAfterMillis(p.longValue(FORGET_AFTER, d.forgetAfterMillis))
                .maxMembers(p.integer(MAX_MEMBERS, d.maxMembers))
                .maxMessageBytes(p.integer(MAX_MESSAGE_BYTES, d.maxMessageBytes))
                .refusalWarnIntervalMillis(p.longValue(REFUSAL_WARN_INTERVAL, d.refusalWarnIntervalMillis));
        return b.build();
    }

    private static String propertyOf(String nodeField) {
        switch (nodeField) {
            case "level":
                return LEVEL;
            case "domain":
                return DOMAIN;
            case "group":
                return GROUP;
            default:
                return NODE_NAME;
        }
    }

    public NodeAddress self() {
        return self;
    }

    public String coapEndpoint() {
        return coapEndpoint;
    }

    /** The broker name announced in join and heartbeat; empty when not told (no direct routes to this gateway). */
    public String brokerName() {
        return brokerName;
    }

    public String topicPrefix() {
        return topicPrefix;
    }

    public long heartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }

    public long failureTimeoutMillis() {
        return failureTimeoutMillis;
    }

    public long reattachDeadlineMillis() {
        return reattachDeadlineMillis;
    }

    public long tickIntervalMillis() {
        return tickIntervalMillis;
    }

    public long joinWindowMillis() {
        return joinWindowMillis;
    }

    public long forgetAfterMillis() {
        return forgetAfterMillis;
    }

    public int maxMembers() {
        return maxMembers;
    }

    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    public long refusalWarnIntervalMillis() {
        return refusalWarnIntervalMillis;
    }

    @Override
    public String toString() {
        return "TreeOptions[self=" + self + ", heartbeat=" + heartbeatIntervalMillis + "ms, failure="
                + failureTimeoutMillis + "ms, reattach=" + reattachDeadlineMillis + "ms, tick=" + tickIntervalMillis
                + "ms]";
    }

    public static final class Builder {
        private final NodeAddress self;
        private String coapEndpoint = "";
        private String brokerName = "";
        private String topicPrefix = DEFAULT_TOPIC_PREFIX;
        private long heartbeatIntervalMillis = 2_000;
        private long failureTimeoutMillis = 6_000;
        private long reattachDeadlineMillis = 10_000;
        private long tickIntervalMillis = 500;
        private long joinWindowMillis = 1_000;
        private long forgetAfterMillis = 600_000;
        private int maxMembers = 1_024;
        private int maxMessageBytes = 4_096;
        private long refusalWarnIntervalMillis = DEFAULT_REFUSAL_WARN_INTERVAL_MILLIS;

        private Builder(NodeAddress self) {
            this.self = Objects.requireNonNull(self, "self");
        }

        public Builder coapEndpoint(String value) {
            this.coapEndpoint = Objects.requireNonNull(value, COAP_ENDPOINT);
            return this;
        }

        public Builder brokerName(String value) {
            this.brokerName = Objects.requireNonNull(value, BROKER_NAME);
            return this;
        }

        public Builder topicPrefix(String value) {
            this.topicPrefix = Objects.requireNonNull(value, TOPIC_PREFIX);
            return this;
        }

        public Builder heartbeatIntervalMillis(long value) {
            this.heartbeatIntervalMillis = value;
            return this;
        }

        public Builder failureTimeoutMillis(long value) {
            this.failureTimeoutMillis = value;
            return this;
        }

        public Builder reattachDeadlineMillis(long value) {
            this.reattachDeadlineMillis = value;
            return this;
        }

        public Builder tickIntervalMillis(long value) {
            this.tickIntervalMillis = value;
            return this;
        }

        public Builder joinWindowMillis(long value) {
            this.joinWindowMillis = value;
            return this;
        }

        public Builder forgetAfterMillis(long value) {
            this.forgetAfterMillis = value;
            return this;
        }

        public Builder maxMembers(int value) {
            this.maxMembers = value;
            return this;
        }

        public Builder maxMessageBytes(int value) {
            this.maxMessageBytes = value;
            return this;
        }

        public Builder refusalWarnIntervalMillis(long value) {
            this.refusalWarnIntervalMillis = value;
            return this;
        }

        /** @throws InvalidPropertyException naming the first bad property */
        public TreeOptions build() {
            if (topicPrefix.isEmpty() || topicPrefix.startsWith("/") || topicPrefix.endsWith("/")
                    || topicPrefix.contains("+") || topicPrefix.contains("#") || topicPrefix.contains("\u0000")) {
                throw new InvalidPropertyException(TOPIC_PREFIX,
                        "'" + topicPrefix + "' must be non-empty, without wildcards and without a leading or trailing /");
            }
            if (coapEndpoint.length() > 255) {
                throw new InvalidPropertyException(COAP_ENDPOINT, "is longer than 255 characters");
            }
            if (brokerName.length() > 255) {
                throw new InvalidPropertyException(BROKER_NAME, "is longer than 255 characters");
            }
            STANDARD.requireRange(TICK_INTERVAL, tickIntervalMillis, 10, 60_000);
            STANDARD.requireRange(HEARTBEAT_INTERVAL, heartbeatIntervalMillis, tickIntervalMillis, 3_600_000);
            STANDARD.requireRange(FAILURE_TIMEOUT, failureTimeoutMillis, 2 * heartbeatIntervalMillis, 86_400_000,
                    "at least two heartbeat intervals");
            STANDARD.requireRange(REATTACH_DEADLINE, reattachDeadlineMillis, failureTimeoutMillis + tickIntervalMillis,
                    86_400_000, "at least failure timeout + tick interval");
            STANDARD.requireRange(JOIN_WINDOW, joinWindowMillis, tickIntervalMillis, 600_000);
            STANDARD.requireRange(FORGET_AFTER, forgetAfterMillis, failureTimeoutMillis, 31L * 86_400_000);
            STANDARD.requireRange(MAX_MEMBERS, maxMembers, 1, 100_000);
            STANDARD.requireRange(MAX_MESSAGE_BYTES, maxMessageBytes, 256, 1 << 20);
            // Below a second, a flood of bad messages would still flood the log.
            STANDARD.requireRange(REFUSAL_WARN_INTERVAL, refusalWarnIntervalMillis, 1_000, 3_600_000);
            return new TreeOptions(this);
        }
    }
}
