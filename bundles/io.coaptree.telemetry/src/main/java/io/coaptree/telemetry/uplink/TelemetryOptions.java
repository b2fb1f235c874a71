package io.coaptree.telemetry.uplink;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * The settings of the telemetry uplink (component {@code io.coaptree.telemetry.TelemetryUplink}); a bad value is
 * refused with an {@link InvalidPropertyException} whose field is the property.
 */
public final class TelemetryOptions {

    public static final String ENABLED = "telemetry.enabled";
    public static final String LOOKUP = "telemetry.lookup";
    public static final String RESOURCE = "telemetry.resource.path";
    public static final String TOPIC = "telemetry.topic";
    public static final String QOS = "telemetry.qos";
    public static final String DELIVERY_CLASS = "telemetry.delivery.class";
    public static final String DESTINATION = "telemetry.destination";
    public static final String RECORD_MAX_BYTES = "telemetry.record.max.bytes";
    public static final String QUEUE_CAPACITY = "telemetry.queue.capacity";
    public static final String MAX_RELATIONS = "telemetry.observe.max.relations";
    public static final String LOOKUP_INTERVAL = "telemetry.lookup.interval.ms";
    public static final String FEED_RECORDS = "telemetry.feed.records";

    private static final Refusal STANDARD = Refusal.STANDARD;

    private final boolean enabled;
    private final String lookupText;
    private final LookupQuery lookup;
    private final String resourcePath;
    private final String topic;
    private final int qos;
    private final DeliveryClass deliveryClass;
    private final Destination destination;
    private final int recordMaxBytes;
    private final int queueCapacity;
    private final int maxRelations;
    private final long lookupIntervalMillis;
    private final int feedRecords;

    private TelemetryOptions(Map<String, ?> properties) {
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        enabled = p.bool(ENABLED, false);
        lookupText = p.string(LOOKUP, "").trim();
        lookup = lookupText.isEmpty() ? null : lookup(lookupText);
        resourcePath = p.string(RESOURCE, "telemetry").trim();
        if (!resourcePath.isEmpty() && !resourcePath.matches("[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*")) {
            throw STANDARD.of(RESOURCE, "'" + resourcePath + "' is not a path of segments a-z A-Z 0-9 . _ ~ - "
                    + "separated by /");
        }
        topic = p.string(TOPIC, "telemetry").trim();
        if (topic.isEmpty() || topic.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                > TelemetryCodec.MAX_TOPIC_BYTES || topic.chars().anyMatch(Character::isISOControl)) {
            throw STANDARD.of(TOPIC, "must be 1 to " + TelemetryCodec.MAX_TOPIC_BYTES
                    + " bytes without control characters");
        }
        qos = p.integer(QOS, 1, 0, 2);
        String label = p.string(DELIVERY_CLASS, DeliveryClass.NORMAL.label()).trim();
        deliveryClass = DeliveryClass.fromLabel(label).filter(c -> c != DeliveryClass.CONTROL)
                .orElseThrow(() -> STANDARD.of(DELIVERY_CLASS, "'" + label + "' is not urgent or normal"));
        destination = p.enumValue(DESTINATION, Destination.ROOT);
        recordMaxBytes = p.integer(RECORD_MAX_BYTES, 1_024, 1, 65_536);
        queueCapacity = p.integer(QUEUE_CAPACITY, 10_000, 1, 1_000_000);
        maxRelations = p.integer(MAX_RELATIONS, 256, 0, 10_000);
        lookupIntervalMillis = p.longValue(LOOKUP_INTERVAL, 10_000, 1_000, 3_600_000);
        feedRecords = p.integer(FEED_RECORDS, 32, 0, 1_000);
    }

    private static LookupQuery lookup(String text) {
        List<String> parameters = Arrays.stream(text.split("&")).map(String::trim).toList();
        if (parameters.stream().anyMatch(String::isEmpty)) {
            throw STANDARD.of(LOOKUP, "'" + text + "' has an empty criterion (write name=value&name=value)");
        }
        LookupQuery query;
        try {
            query = LookupQuery.fromUriQuery(parameters);
        } catch (InvalidRequestException e) {
            throw STANDARD.of(LOOKUP, e.getMessage());
        }
        if (query.page().isPresent() || query.count().isPresent()) {
            throw STANDARD.of(LOOKUP, "page and count are not criteria: every matching resource is observed");
        }
        return query;
    }

    public static TelemetryOptions fromProperties(Map<String, ?> properties) {
        return new TelemetryOptions(properties);
    }

    public boolean enabled() {
        return enabled;
    }

    /** The RD lookup criteria of the resources to observe, or null to observe none. */
    public LookupQuery lookup() {
        return lookup;
    }

    /** The path of the resource devices POST records to, e.g. {@code telemetry}; empty for none. */
    public String resourcePath() {
        return resourcePath;
    }

    public String topic() {
        return topic;
    }

    public int qos() {
        return qos;
    }

    public DeliveryClass deliveryClass() {
        return deliveryClass;
    }

    public Destination destination() {
        return destination;
    }

    public int recordMaxBytes() {
        return recordMaxBytes;
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    public int maxRelations() {
        return maxRelations;
    }

    public long lookupIntervalMillis() {
        return lookupIntervalMillis;
    }

    public int feedRecords() {
        return feedRecords;
    }

    @Override
    public String toString() {
        return "destination " + ComponentProperties.settingOf(destination) + ", class " + deliveryClass.label()
                + ", topic '" + topic + "', qos " + qos + ", resource '/" + resourcePath + "', lookup '" + lookupText
                + "'";
    }
}
