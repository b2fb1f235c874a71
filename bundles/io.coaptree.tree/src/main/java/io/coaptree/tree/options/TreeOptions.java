package io.coaptree.tree.options;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

/**
 * A gateway's place in the tree and the membership protocol's timings and limits, typed. Each setting is defined
 * once below; the build writes the tree handler's metatype from {@link #SETTINGS} (these settings, then
 * {@link SecurityOptions}'s and {@link DeliveryOptions}'s), and a bad value is refused with an
 * {@link InvalidPropertyException} naming the property, whichever way the options were made.
 * <p>
 * Timing guarantee: a failed node is marked down at most {@code failure timeout + tick interval} after its last
 * heartbeat, and its children are re-attached in that same tick; so that sum must be at most the re-attach deadline.
 *
 * @param self this gateway: {@link #LEVEL}, {@link #DOMAIN}, {@link #GROUP} and {@link #NODE_NAME} together
 * @param coapEndpoint the URI clients reach this gateway's CoAP server at, empty for none
 * @param brokerName the broker name announced in join and heartbeat; empty: none (no direct routes to this gateway)
 * @param topicPrefix the first level of every tree topic
 * @param heartbeatIntervalMillis how often this gateway tells the tree it is alive
 * @param failureTimeoutMillis a gateway silent this long is down
 * @param reattachDeadlineMillis the bound on re-attachment after a failure
 * @param tickIntervalMillis how often the tree's one scheduler runs
 * @param joinWindowMillis how long a joining gateway waits before it is a member
 * @param forgetAfterMillis a gateway down this long is dropped from the view
 * @param maxMembers gateways kept in the view
 * @param maxMessageBytes larger tree messages are refused
 * @param refusalWarnIntervalMillis at most one WARN line per refusal reason per this interval (see
 *            {@code io.coaptree.tree.drops})
 */
public record TreeOptions(NodeAddress self, String coapEndpoint, String brokerName, String topicPrefix,
        long heartbeatIntervalMillis, long failureTimeoutMillis, long reattachDeadlineMillis, long tickIntervalMillis,
        long joinWindowMillis, long forgetAfterMillis, int maxMembers, int maxMessageBytes,
        long refusalWarnIntervalMillis) {

    public static final String PID = "io.coaptree.tree.CoAPTreeHandler";

    /**
     * The lean MQTT transport of this suite: the default target of the component's DataTransportService reference (a
     * constant, so the reference annotation names it too).
     */
    public static final String LEAN_MQTT_TRANSPORT = "(kura.service.pid=io.coaptree.mqtt.LeanMqttDataTransport)";

    /** Read by the component runtime, which binds the DataTransportService reference through it. */
    public static final Setting<String> TRANSPORT_TARGET = Setting
            .text("DataTransportService.target", LEAN_MQTT_TRANSPORT).named("MQTT transport")
            .describedAs("The DataTransportService the tree talks through (a filter on kura.service.pid).");
    public static final Setting<Integer> LEVEL = Setting.integer("tree.level", 2)
            .labelled("0", "0 - root", "1", "1 - domain", "2", "2 - group").named("Level")
            .describedAs("0 = root (inter-domain), 1 = domain, 2 = domain/group.");
    public static final Setting<String> DOMAIN = Setting.text("tree.domain", "").optional().named("Domain")
            .describedAs("The domain (levels 1 and 2; empty at the root). Letters, digits, _ . -; at most 63.");
    public static final Setting<String> GROUP = Setting.text("tree.group", "").optional().named("Group")
            .describedAs("The group (level 2 only). Letters, digits, _ . -; at most 63.");
    public static final Setting<String> NODE_NAME = Setting.text("tree.node.name", "").optional().named("Node name")
            .describedAs("This gateway's name, unique in the whole tree. Empty: the MQTT transport's client id.");
    public static final Setting<String> COAP_ENDPOINT = Setting.text("tree.coap.endpoint", "").optional()
            .named("CoAP endpoint")
            .describedAs("Optional: the URI clients reach this gateway's CoAP server at, announced to the tree for "
                    + "tools.");
    /**
     * The name of the MQTT broker this gateway is connected to, announced to the tree: gateways announcing the same
     * name send remote requests straight to each other. Empty: the transport's broker URL, as host and port
     * ({@link BrokerNames}, filled in by the component).
     */
    public static final Setting<String> BROKER_NAME = Setting.text("tree.broker.name", "").optional()
            .named("Broker name")
            .describedAs("The MQTT broker this gateway connects to, as the tree should know it. Gateways announcing "
                    + "the same name send remote requests straight to each other (two MQTT messages instead of one "
                    + "per hop); gateways behind different brokers joined by bridges must announce different names. "
                    + "Empty: the host and port of the transport's broker URL.");
    public static final Setting<String> TOPIC_PREFIX = Setting.text("tree.topic.prefix", "coaptree")
            .named("Topic prefix")
            .describedAs("First level of every tree topic: prefix/domain/group/node/kind, '-' for an absent domain or "
                    + "group.");
    public static final Setting<Long> HEARTBEAT_INTERVAL = Setting.longValue("tree.heartbeat.interval.ms", 2_000)
            .range(10, 3_600_000).named("Heartbeat interval (ms)")
            .describedAs("How often this gateway tells the tree it is alive.");
    public static final Setting<Long> FAILURE_TIMEOUT = Setting.longValue("tree.failure.timeout.ms", 6_000)
            .range(20, 86_400_000).named("Failure timeout (ms)")
            .describedAs("A gateway silent this long is down (at least two heartbeats); its children re-attach to a "
                    + "replica or the next level up.");
    public static final Setting<Long> REATTACH_DEADLINE = Setting.longValue("tree.reattach.deadline.ms", 10_000)
            .range(30, 86_400_000).named("Re-attach deadline (ms)")
            .describedAs("Upper bound for re-attachment after a failure; must be at least the failure timeout plus "
                    + "the tick interval.");
    public static final Setting<Long> TICK_INTERVAL = Setting.longValue("tree.tick.interval.ms", 500)
            .range(10, 60_000).named("Tick interval (ms)")
            .describedAs("How often the tree's one scheduler runs (heartbeats, failure detection, remote-query "
                    + "timeouts).");
    public static final Setting<Long> JOIN_WINDOW = Setting.longValue("tree.join.window.ms", 1_000)
            .range(10, 600_000).named("Join window (ms)")
            .describedAs("How long a joining gateway waits for refusals and for the members' heartbeats before it is "
                    + "a member.");
    public static final Setting<Long> FORGET_AFTER = Setting.longValue("tree.forget.after.ms", 600_000)
            .range(1_000, 31L * 86_400_000).named("Forget after (ms)")
            .describedAs("A gateway down this long is dropped from the tree.");
    public static final Setting<Integer> MAX_MEMBERS = Setting.integer("tree.max.members", 1_024).range(1, 100_000)
            .named("Maximum members").describedAs("Gateways this node keeps in its view; heartbeats of more are "
                    + "ignored, counted as tree.refused.tree-full.");
    public static final Setting<Integer> MAX_MESSAGE_BYTES = Setting.integer("tree.max.message.bytes", 4_096)
            .range(256, 1 << 20).named("Maximum message size (bytes)")
            .describedAs("Larger tree messages are refused.");
    /** Below a second, a flood of bad messages would still flood the log. */
    public static final Setting<Long> REFUSAL_WARN_INTERVAL = Setting
            .longValue("tree.refusal.warn.interval.ms", 10_000).range(1_000, 3_600_000)
            .named("Refusal warning interval (ms)")
            .describedAs("Messages from MQTT that this gateway cannot use (undecodable, oversize, unknown kind, wrong "
                    + "topic, overloaded, invalid sender, unsigned, untrusted, forged, stale, replayed) are dropped "
                    + "and counted by reason (TreeService properties tree.refused.*, CoAP GET /tree-stats); at most "
                    + "one WARN line per reason is written per this interval, with the number left out.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(TRANSPORT_TARGET, LEVEL, DOMAIN, GROUP, NODE_NAME,
            COAP_ENDPOINT, BROKER_NAME, TOPIC_PREFIX, HEARTBEAT_INTERVAL, FAILURE_TIMEOUT, REATTACH_DEADLINE,
            TICK_INTERVAL, JOIN_WINDOW, FORGET_AFTER, MAX_MEMBERS, MAX_MESSAGE_BYTES, REFUSAL_WARN_INTERVAL);

    /** Every setting of the tree handler: the tree's, the message authentication's, the delivery's. */
    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree Tree Handler",
            "Joins this gateway to the CoAPTree hierarchy over MQTT: level 0 the root, level 1 a domain, level 2 a "
                    + "domain/group. Level, domain and group must agree (a domain gateway has a domain and no group; "
                    + "a root has neither). A duplicate node name is refused. For crashes to be noticed at once, set "
                    + "the MQTT transport's lwt.topic to coaptree/<domain or ->/<group or ->/<node name>/lwt with an "
                    + "empty lwt.payload (the role snapshots do).",
            ComponentSettings.join(ALL, SecurityOptions.ALL, DeliveryOptions.ALL));

    private static final int MAX_TEXT_LENGTH = 255;

    public TreeOptions {
        Objects.requireNonNull(self, "self");
        if (coapEndpoint.length() > MAX_TEXT_LENGTH) {
            throw new InvalidPropertyException(COAP_ENDPOINT.id(), "is longer than 255 characters");
        }
        if (brokerName.length() > MAX_TEXT_LENGTH) {
            throw new InvalidPropertyException(BROKER_NAME.id(), "is longer than 255 characters");
        }
        if (topicPrefix.isEmpty() || topicPrefix.startsWith("/") || topicPrefix.endsWith("/")
                || topicPrefix.contains("+") || topicPrefix.contains("#") || topicPrefix.contains("\u0000")) {
            throw new InvalidPropertyException(TOPIC_PREFIX.id(), "'" + topicPrefix
                    + "' must be non-empty, without wildcards and without a leading or trailing /");
        }
        TICK_INTERVAL.check(tickIntervalMillis);
        HEARTBEAT_INTERVAL.check(heartbeatIntervalMillis);
        atLeast(HEARTBEAT_INTERVAL, heartbeatIntervalMillis, tickIntervalMillis, "at least the tick interval");
        FAILURE_TIMEOUT.check(failureTimeoutMillis);
        atLeast(FAILURE_TIMEOUT, failureTimeoutMillis, 2 * heartbeatIntervalMillis, "at least two heartbeat intervals");
        REATTACH_DEADLINE.check(reattachDeadlineMillis);
        atLeast(REATTACH_DEADLINE, reattachDeadlineMillis, failureTimeoutMillis + tickIntervalMillis,
                "at least failure timeout + tick interval");
        JOIN_WINDOW.check(joinWindowMillis);
        atLeast(JOIN_WINDOW, joinWindowMillis, tickIntervalMillis, "at least the tick interval");
        FORGET_AFTER.check(forgetAfterMillis);
        atLeast(FORGET_AFTER, forgetAfterMillis, failureTimeoutMillis, "at least the failure timeout");
        MAX_MEMBERS.check(maxMembers);
        MAX_MESSAGE_BYTES.check(maxMessageBytes);
        REFUSAL_WARN_INTERVAL.check(refusalWarnIntervalMillis);
    }

    /** A bound that depends on other settings: the message says where it comes from. */
    private static void atLeast(Setting<Long> setting, long value, long min, String explanation) {
        if (value < min) {
            throw new InvalidPropertyException(setting.id(), value + " is outside " + min + ".." + setting.max() + " ("
                    + explanation + ")");
        }
    }

    /**
     * Reads a Kura component configuration ({@link Setting#from(Map)} says which forms each type may take); texts
     * are trimmed.
     *
     * @throws InvalidPropertyException naming the property
     */
    public static TreeOptions fromProperties(Map<String, ?> properties) {
        NodeAddress self;
        try {
            self = NodeAddress.of(NodePath.of(LEVEL.from(properties), DOMAIN.from(properties).trim(),
                    GROUP.from(properties).trim()), NODE_NAME.from(properties).trim());
        } catch (InvalidNodeException e) {
            throw new InvalidPropertyException(settingOf(e.field()).id(), e.getMessage(), e);
        }
        return new TreeOptions(self, COAP_ENDPOINT.from(properties).trim(), BROKER_NAME.from(properties).trim(),
                TOPIC_PREFIX.from(properties).trim(), HEARTBEAT_INTERVAL.from(properties),
                FAILURE_TIMEOUT.from(properties), REATTACH_DEADLINE.from(properties), TICK_INTERVAL.from(properties),
                JOIN_WINDOW.from(properties), FORGET_AFTER.from(properties), MAX_MEMBERS.from(properties),
                MAX_MESSAGE_BYTES.from(properties), REFUSAL_WARN_INTERVAL.from(properties));
    }

    /**
     * The settings that place a gateway at {@code self} ({@link #LEVEL}, {@link #DOMAIN}, {@link #GROUP},
     * {@link #NODE_NAME}), as Kura delivers them: what a configuration for that gateway holds, and what the tree
     * service publishes about it.
     */
    public static Map<String, Object> addressProperties(NodeAddress self) {
        NodePath path = self.path();
        return Map.of(LEVEL.id(), path.level().number(), DOMAIN.id(), path.domain(), GROUP.id(), path.group(),
                NODE_NAME.id(), self.name());
    }

    private static Setting<?> settingOf(String nodeField) {
        return switch (nodeField) {
            case "level" -> LEVEL;
            case "domain" -> DOMAIN;
            case "group" -> GROUP;
            default -> NODE_NAME;
        };
    }

    @Override
    public String toString() {
        return "TreeOptions[self=" + self + ", heartbeat=" + heartbeatIntervalMillis + "ms, failure="
                + failureTimeoutMillis + "ms, reattach=" + reattachDeadlineMillis + "ms, tick=" + tickIntervalMillis
                + "ms]";
    }
}
