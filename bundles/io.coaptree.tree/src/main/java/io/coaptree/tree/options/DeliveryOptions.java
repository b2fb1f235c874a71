package io.coaptree.tree.options;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.delivery.DeliveryTuning;

/**
 * How a gateway delivers its MQTT traffic (the {@code delivery.*} settings of the tree handler), typed: the workers
 * that open and handle arrivals, the bounded queues per class and normal traffic's share, MQTT QoS per class, the
 * class of envelopes that ask for none, and adaptive batching. Each setting is defined once below, and a bad value is
 * refused naming the property. The defaults and how they were chosen are in docs/performance.md ("Delivery classes
 * and batching").
 *
 * @param workers threads that open and handle arrivals
 * @param controlCapacity control messages waiting, each way
 * @param urgentCapacity urgent messages waiting, each way
 * @param normalCapacity normal messages waiting, each way
 * @param normalEvery while normal messages wait, at least one take in this many is normal
 * @param controlQos MQTT QoS of control messages
 * @param urgentQos MQTT QoS of urgent messages
 * @param normalQos MQTT QoS of normal messages
 * @param defaultClass the class of envelopes whose resource and request name none: urgent or normal
 * @param batchEnabled whether normal messages to a busy next hop are batched
 * @param batchMaxBytes the largest batch
 * @param batchMaxRecords the most messages in a batch
 * @param batchMaxWaitMillis the longest a message waits for company
 * @param batchOnRate batching to a hop switches on at this many messages per second
 * @param batchOffRate and off below this many (at most the on rate)
 * @param batchRateWindowMillis the window the rate is counted in
 */
public record DeliveryOptions(int workers, int controlCapacity, int urgentCapacity, int normalCapacity,
        int normalEvery, int controlQos, int urgentQos, int normalQos, DeliveryClass defaultClass,
        boolean batchEnabled, int batchMaxBytes, int batchMaxRecords, long batchMaxWaitMillis, int batchOnRate,
        int batchOffRate, long batchRateWindowMillis) implements DeliveryTuning {

    private static final String QUEUE_CAPACITY_TEXT = " messages waiting for a worker (and, separately, for the "
            + "sender); more are dropped and counted as tree.refused.overloaded.";

    public static final Setting<Integer> WORKERS = Setting.integer("delivery.workers", 2).range(1, 64)
            .named("Delivery workers")
            .describedAs("Threads that open (check the seal of) and handle the MQTT messages this gateway receives, "
                    + "in parallel: control first (joins, heartbeats, leaves), then urgent, then normal. About one "
                    + "per CPU core.");
    public static final Setting<Integer> CONTROL_CAPACITY = Setting.integer("delivery.queue.control.capacity", 1_000)
            .range(16, 1_000_000).named("Control queue capacity").describedAs("Control" + QUEUE_CAPACITY_TEXT);
    public static final Setting<Integer> URGENT_CAPACITY = Setting.integer("delivery.queue.urgent.capacity", 1_000)
            .range(16, 1_000_000).named("Urgent queue capacity").describedAs("Urgent" + QUEUE_CAPACITY_TEXT);
    public static final Setting<Integer> NORMAL_CAPACITY = Setting.integer("delivery.queue.normal.capacity", 10_000)
            .range(16, 1_000_000).named("Normal queue capacity").describedAs("Normal" + QUEUE_CAPACITY_TEXT);
    public static final Setting<Integer> NORMAL_EVERY = Setting.integer("delivery.normal.share.every", 4)
            .range(2, 1_000).named("Normal share (1 in N)")
            .describedAs("While normal messages wait, at least one in this many taken from the queues is normal, "
                    + "however much control and urgent traffic there is: normal traffic is never starved.");
    public static final Setting<Integer> CONTROL_QOS = qos("delivery.qos.control", "control",
            "QoS of heartbeats, joins, leaves and refusals.");
    public static final Setting<Integer> URGENT_QOS = qos("delivery.qos.urgent", "urgent",
            "QoS of urgent requests and answers.");
    public static final Setting<Integer> NORMAL_QOS = qos("delivery.qos.normal", "normal",
            "QoS of normal requests, answers, batches and RD synchronisation.");
    public static final Setting<DeliveryClass> DEFAULT_CLASS = Setting
            .choice("delivery.default.class", DeliveryClass.NORMAL).labelled("normal", "normal", "urgent", "urgent")
            .named("Default delivery class")
            .describedAs("The class of remote queries entering the tree here that ask for none (dc=urgent or "
                    + "dc=normal in a /tree request's query), and of answers from this gateway's resources that "
                    + "declare none (link attribute dc).");
    public static final Setting<Boolean> BATCH_ENABLED = Setting.flag("delivery.batch.enabled", true)
            .named("Batching")
            .describedAs("Pack normal messages to the same next hop into one MQTT publish with one seal while the "
                    + "rate to that hop is high (urgent and control messages are never batched).");
    public static final Setting<Integer> BATCH_MAX_BYTES = Setting.integer("delivery.batch.max.bytes", 1_024)
            .range(64, 65_536).named("Batch size (bytes)")
            .describedAs("A batch never exceeds this size; a single message larger than it goes alone.");
    public static final Setting<Integer> BATCH_MAX_RECORDS = Setting.integer("delivery.batch.max.records", 64)
            .range(2, 4_096).named("Messages per batch")
            .describedAs("A batch never holds more messages; a received batch with more is refused whole. Same value "
                    + "on every gateway.");
    public static final Setting<Long> BATCH_MAX_WAIT = Setting.longValue("delivery.batch.max.wait.ms", 5)
            .range(1, 1_000).named("Batch wait (ms)")
            .describedAs("A batch leaves at most this long after its first message, full or not: the most a message "
                    + "waits for company.");
    public static final Setting<Integer> BATCH_ON_RATE = Setting.integer("delivery.batch.on.rate", 400)
            .range(1, 1_000_000).named("Batching on above (messages/s)")
            .describedAs("Batching to a next hop switches on as soon as this many normal messages to it are counted "
                    + "within one rate window.");
    public static final Setting<Integer> BATCH_OFF_RATE = Setting.integer("delivery.batch.off.rate", 200)
            .range(0, 1_000_000).named("Batching off below (messages/s)")
            .describedAs("Batching to a next hop switches off after a rate window with fewer normal messages per "
                    + "second than this (at most the on rate).");
    public static final Setting<Long> BATCH_RATE_WINDOW = Setting.longValue("delivery.batch.rate.window.ms", 1_000)
            .range(100, 60_000).named("Rate window (ms)")
            .describedAs("The window the rate to each next hop is counted in.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(WORKERS, CONTROL_CAPACITY, URGENT_CAPACITY, NORMAL_CAPACITY,
            NORMAL_EVERY, CONTROL_QOS, URGENT_QOS, NORMAL_QOS, DEFAULT_CLASS, BATCH_ENABLED, BATCH_MAX_BYTES,
            BATCH_MAX_RECORDS, BATCH_MAX_WAIT, BATCH_ON_RATE, BATCH_OFF_RATE, BATCH_RATE_WINDOW);

    private static final DeliveryOptions DEFAULTS = fromProperties(Map.of());

    public DeliveryOptions {
        WORKERS.check(workers);
        CONTROL_CAPACITY.check(controlCapacity);
        URGENT_CAPACITY.check(urgentCapacity);
        NORMAL_CAPACITY.check(normalCapacity);
        NORMAL_EVERY.check(normalEvery);
        CONTROL_QOS.check(controlQos);
        URGENT_QOS.check(urgentQos);
        NORMAL_QOS.check(normalQos);
        if (Objects.requireNonNull(defaultClass, "defaultClass") == DeliveryClass.CONTROL) {
            throw new InvalidPropertyException(DEFAULT_CLASS.id(), "'" + defaultClass.label()
                    + "' is not urgent or normal");
        }
        BATCH_MAX_BYTES.check(batchMaxBytes);
        BATCH_MAX_RECORDS.check(batchMaxRecords);
        BATCH_MAX_WAIT.check(batchMaxWaitMillis);
        BATCH_ON_RATE.check(batchOnRate);
        BATCH_OFF_RATE.check(batchOffRate);
        if (batchOffRate > batchOnRate) {
            throw new InvalidPropertyException(BATCH_OFF_RATE.id(), batchOffRate + " is outside 0.." + batchOnRate
                    + " (at most " + BATCH_ON_RATE + ")");
        }
        BATCH_RATE_WINDOW.check(batchRateWindowMillis);
    }

    /** An MQTT QoS, offered as a dropdown. */
    private static Setting<Integer> qos(String id, String className, String description) {
        return Setting.integer(id, 1).range(0, 2)
                .labelled("0", "0 - at most once", "1", "1 - at least once", "2", "2 - exactly once")
                .named("MQTT QoS of " + className + " messages").describedAs(description);
    }

    /**
     * Reads a Kura component configuration.
     *
     * @throws InvalidPropertyException naming the property
     */
    public static DeliveryOptions fromProperties(Map<String, ?> properties) {
        return new DeliveryOptions(WORKERS.from(properties), CONTROL_CAPACITY.from(properties),
                URGENT_CAPACITY.from(properties), NORMAL_CAPACITY.from(properties), NORMAL_EVERY.from(properties),
                CONTROL_QOS.from(properties), URGENT_QOS.from(properties), NORMAL_QOS.from(properties),
                DEFAULT_CLASS.from(properties), BATCH_ENABLED.from(properties), BATCH_MAX_BYTES.from(properties),
                BATCH_MAX_RECORDS.from(properties), BATCH_MAX_WAIT.from(properties), BATCH_ON_RATE.from(properties),
                BATCH_OFF_RATE.from(properties), BATCH_RATE_WINDOW.from(properties));
    }

    /** @return every setting at its default */
    public static DeliveryOptions defaults() {
        return DEFAULTS;
    }

    @Override
    public Map<DeliveryClass, Integer> capacities() {
        Map<DeliveryClass, Integer> capacities = new EnumMap<>(DeliveryClass.class);
        capacities.put(DeliveryClass.CONTROL, controlCapacity);
        capacities.put(DeliveryClass.URGENT, urgentCapacity);
        capacities.put(DeliveryClass.NORMAL, normalCapacity);
        return Collections.unmodifiableMap(capacities);
    }

    @Override
    public int qos(DeliveryClass deliveryClass) {
        return switch (deliveryClass) {
            case CONTROL -> controlQos;
            case URGENT -> urgentQos;
            case NORMAL -> normalQos;
        };
    }

    @Override
    public String toString() {
        return "DeliveryOptions[workers=" + workers + ", queues=" + capacities() + ", normal 1 in " + normalEvery
                + ", qos=" + controlQos + "/" + urgentQos + "/" + normalQos + ", default " + defaultClass.label()
                + ", batching " + (batchEnabled ? batchMaxBytes + " B/" + batchMaxRecords + " records/"
                        + batchMaxWaitMillis + " ms above " + batchOnRate + "/s, off below " + batchOffRate + "/s"
                        : "off")
                + "]";
    }
}
