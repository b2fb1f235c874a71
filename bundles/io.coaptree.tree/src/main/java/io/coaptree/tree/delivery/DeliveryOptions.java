package io.coaptree.tree.delivery;

import io.coaptree.tree.bus.DeliveryClass;
import static io.coaptree.properties.Refusal.STANDARD;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;

/**
 * How a gateway delivers its MQTT traffic (the {@code delivery.*} settings of the tree handler): the workers that
 * open and handle arrivals, the bounded queues per class and normal traffic's share, MQTT QoS per class, the
 * class of envelopes that ask for none, and adaptive batching. Validated: a bad value is refused naming the
 * property. The defaults and how they were chosen are in docs/performance.md ("Delivery classes and batching").
 */
public final class DeliveryOptions {

    public static final String WORKERS = "delivery.workers";
    public static final String CONTROL_CAPACITY = "delivery.queue.control.capacity";
    public static final String URGENT_CAPACITY = "delivery.queue.urgent.capacity";
    public static final String NORMAL_CAPACITY = "delivery.queue.normal.capacity";
    public static final String NORMAL_EVERY = "delivery.normal.share.every";
    public static final String CONTROL_QOS = "delivery.qos.control";
    public static final String URGENT_QOS = "delivery.qos.urgent";
    public static final String NORMAL_QOS = "delivery.qos.normal";
    public static final String DEFAULT_CLASS = "delivery.default.class";
    public static final String BATCH_ENABLED = "delivery.batch.enabled";
    public static final String BATCH_MAX_BYTES = "delivery.batch.max.bytes";
    public static final String BATCH_MAX_RECORDS = "delivery.batch.max.records";
    public static final String BATCH_MAX_WAIT = "delivery.batch.max.wait.ms";
    public static final String BATCH_ON_RATE = "delivery.batch.on.rate";
    public static final String BATCH_OFF_RATE = "delivery.batch.off.rate";
    public static final String BATCH_RATE_WINDOW = "delivery.batch.rate.window.ms";

    private final int workers;
    private final Map<DeliveryClass, Integer> capacities;
    private final int normalEvery;
    private final Map<DeliveryClass, Integer> qos;
    private final DeliveryClass defaultClass;
    private final boolean batchEnabled;
    private final int batchMaxBytes;
    private final int batchMaxRecords;
    private final long batchMaxWaitMillis;
    private final int batchOnRate;
    private final int batchOffRate;
    private final long batchRateWindowMillis;

    private DeliveryOptions(ComponentProperties p) {
        workers = STANDARD.requireRange(WORKERS, p.integer(WORKERS, 2), 1, 64);
        capacities = new EnumMap<>(DeliveryClass.class);
        capacities.put(DeliveryClass.CONTROL, STANDARD.requireRange(CONTROL_CAPACITY,
                p.integer(CONTROL_CAPACITY, 1_000), 16, 1_000_000));
        capacities.put(DeliveryClass.URGENT, STANDARD.requireRange(URGENT_CAPACITY,
                p.integer(URGENT_CAPACITY, 1_000), 16, 1_000_000));
        capacities.put(DeliveryClass.NORMAL, STANDARD.requireRange(NORMAL_CAPACITY,
                p.integer(NORMAL_CAPACITY, 10_000), 16, 1_000_000));
        normalEvery = STANDARD.requireRange(NORMAL_EVERY, p.integer(NORMAL_EVERY, 4), 2, 1_000);
        qos = new EnumMap<>(DeliveryClass.class);
        qos.put(DeliveryClass.CONTROL, STANDARD.requireRange(CONTROL_QOS, p.integer(CONTROL_QOS, 1), 0, 2));
        qos.put(DeliveryClass.URGENT, STANDARD.requireRange(URGENT_QOS, p.integer(URGENT_QOS, 1), 0, 2));
        qos.put(DeliveryClass.NORMAL, STANDARD.requireRange(NORMAL_QOS, p.integer(NORMAL_QOS, 1), 0, 2));
        String label = p.string(DEFAULT_CLASS, DeliveryClass.NORMAL.label()).trim();
        defaultClass = DeliveryClass.fromLabel(label).filter(c -> c != DeliveryClass.CONTROL)
                .orElseThrow(() -> new InvalidPropertyException(DEFAULT_CLASS,
                        "'" + label + "' is not urgent or normal"));
        batchEnabled = p.bool(BATCH_ENABLED, true);
        batchMaxBytes = STANDARD.requireRange(BATCH_MAX_BYTES, p.integer(BATCH_MAX_BYTES, 1_024), 64, 65_536);
        batchMaxRecords = STANDARD.requireRange(BATCH_MAX_RECORDS, p.integer(BATCH_MAX_RECORDS, 64), 2, 4_096);
        batchMaxWaitMillis = STANDARD.requireRange(BATCH_MAX_WAIT, p.longValue(BATCH_MAX_WAIT, 5), 1, 1_000);
        batchRateWindowMillis = STANDARD.requireRange(BATCH_RATE_WINDOW, p.longValue(BATCH_RATE_WINDOW, 1_000), 100,
                60_000);
        batchOnRate = STANDARD.requireRange(BATCH_ON_RATE, p.integer(BATCH_ON_RATE, 400), 1, 1_000_000);
        batchOffRate = (int) STANDARD.requireRange(BATCH_OFF_RATE, p.integer(BATCH_OFF_RATE, 200), 0, batchOnRate,
                "at most " + BATCH_ON_RATE);
    }

    /** @throws InvalidPropertyException naming the property */
    public static DeliveryOptions fromProperties(Map<String, ?> properties) {
        return new DeliveryOptions(ComponentProperties.of(Objects.requireNonNull(properties, "properties"), STANDARD));
    }

    public static DeliveryOptions defaults() {
        return fromProperties(Map.of());
    }

    public int workers() {
        return workers;
    }

    public Map<DeliveryClass, Integer> capacities() {
        return Map.copyOf(capacities);
    }

    public int normalEvery() {
        return normalEvery;
    }

    public int qos(DeliveryClass deliveryClass) {
        return qos.get(deliveryClass);
    }

    /** The class of envelopes whose resource and request name none. */
    public DeliveryClass defaultClass() {
        return defaultClass;
    }

    public boolean batchEnabled() {
        return batchEnabled;
    }

    public int batchMaxBytes() {
        return batchMaxBytes;
    }

    public int batchMaxRecords() {
        return batchMaxRecords;
    }

    public long batchMaxWaitMillis() {
        return batchMaxWaitMillis;
    }

    public int batchOnRate() {
        return batchOnRate;
    }

    public int batchOffRate() {
        return batchOffRate;
    }

    public long batchRateWindowMillis() {
        return batchRateWindowMillis;
    }

    @Override
    public String toString() {
        return "DeliveryOptions[workers=" + workers + ", queues=" + capacities + ", normal 1 in " + normalEvery
                + ", qos=" + qos + ", default " + defaultClass.label() + ", batching "
                + (batchEnabled ? batchMaxBytes + " B/" + batchMaxRecords + " records/" + batchMaxWaitMillis
                        + " ms above " + batchOnRate + "/s, off below " + batchOffRate + "/s" : "off")
                + "]";
    }
}
