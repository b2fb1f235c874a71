package io.coaptree.telemetry.options;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * The settings of the telemetry uplink (component {@value #PID}), typed. Each setting is defined once below; the
 * build writes the component's metatype from {@link #SETTINGS}, and a bad value is refused with an
 * {@link InvalidPropertyException} whose field is the property.
 *
 * @param enabled whether device data is taken in and sent at all
 * @param destination where the records go
 * @param lookupCriteria the RD resource lookup criteria of the resources to observe, empty for none
 *            ({@link #lookup()})
 * @param resourcePath the path of the resource devices POST records to, e.g. {@code telemetry}; empty for none
 * @param topic the stream name carried with every record
 * @param qos the MQTT QoS of the publishes up the tree
 * @param deliveryClass urgent or normal, never control
 * @param recordMaxBytes the largest record payload
 * @param queueCapacity records per class waiting to be sent
 * @param maxRelations Observe relations kept at once
 * @param lookupIntervalMillis how often the criteria are looked up again
 * @param feedRecords the newest records a root's feed keeps
 */
public record TelemetryOptions(boolean enabled, Destination destination, String lookupCriteria, String resourcePath,
        String topic, int qos, DeliveryClass deliveryClass, int recordMaxBytes, int queueCapacity, int maxRelations,
        long lookupIntervalMillis, int feedRecords) {

    public static final String PID = "io.coaptree.telemetry.TelemetryUplink";

    public static final Setting<Boolean> ENABLED = Setting.flag("telemetry.enabled", false).named("Enabled")
            .describedAs("Takes device data in and sends it to the destination. Off: no resource, no relations, "
                    + "nothing sent or received.");
    public static final Setting<Destination> DESTINATION = Setting.choice("telemetry.destination", Destination.ROOT)
            .labelled("root", "root gateway of the tree", "cloud", "cloud (CloudPublisher)").named("Destination")
            .describedAs("Where the records go: up the tree to the root gateway (on the root itself: its "
                    + "/telemetry-feed resource), or to the cloud through the CloudPublisher selected below.");
    /** Read by the component runtime, which binds the {@code CloudPublisher} reference through it; Kura's picker. */
    public static final Setting<String> CLOUD_PUBLISHER_TARGET = Setting
            .text("CloudPublisher.target", "(kura.service.pid=changeme)").named("CloudPublisher Target Filter")
            .describedAs("Specifies, as an OSGi target filter, the pid of the Cloud Publisher the records go to when "
                    + "the destination is cloud.");
    public static final Setting<String> LOOKUP = Setting.text("telemetry.lookup", "").optional()
            .named("Resources to observe (RD lookup criteria)")
            .describedAs("A resource lookup of this gateway's Resource Directory, as in /rd-lookup/res?..., e.g. "
                    + "rt=temperature or ep=dev*&if=core.s: every coap:// resource it lists (the devices' and the "
                    + "gateway's own) is observed and each notification sent as a record. Empty: observe nothing.");
    public static final Setting<String> RESOURCE = Setting.text("telemetry.resource.path", "telemetry").optional()
            .named("Resource devices POST records to")
            .describedAs("Path on this gateway's CoAP server (segments separated by /) where each POST is one "
                    + "record. Empty: no such resource.");
    public static final Setting<String> TOPIC = Setting.text("telemetry.topic", "telemetry").named("Topic")
            .describedAs("The stream the records belong to, carried with every record (1 to 255 bytes): consumers "
                    + "at the root see it, and a CloudPublisher may use it in its topic ($topic).");
    public static final Setting<Integer> QOS = Setting.integer("telemetry.qos", 1).range(0, 2)
            .labelled("0", "0 (at most once)", "1", "1 (at least once)", "2", "2 (exactly once)").named("MQTT QoS")
            .describedAs("QoS of the telemetry publishes up the tree (the cloud destination uses its "
                    + "CloudPublisher's own QoS).");
    public static final Setting<DeliveryClass> DELIVERY_CLASS = Setting
            .choice("telemetry.delivery.class", DeliveryClass.NORMAL).labelled("normal", "normal", "urgent", "urgent")
            .named("Delivery class")
            .describedAs("The class records take at every hop: urgent overtakes queued normal traffic and is never "
                    + "batched; normal is batched while the rate is high. A device may ask for either with "
                    + "?dc=urgent or ?dc=normal on its POST.");
    public static final Setting<Integer> RECORD_MAX_BYTES = Setting.integer("telemetry.record.max.bytes", 1_024)
            .range(1, 65_536).named("Largest record (bytes)")
            .describedAs("A POST with a larger payload is answered 4.13; a larger notification is not sent; a "
                    + "larger record from another gateway is refused as oversize.");
    public static final Setting<Integer> QUEUE_CAPACITY = Setting.integer("telemetry.queue.capacity", 10_000)
            .range(1, 1_000_000).named("Queued records per class")
            .describedAs("Records waiting to be sent, per delivery class; beyond, a POST is answered 5.03 with "
                    + "Max-Age 1.");
    public static final Setting<Integer> MAX_RELATIONS = Setting.integer("telemetry.observe.max.relations", 256)
            .range(0, 10_000).named("Most resources observed")
            .describedAs("Observe relations kept at once; further matching resources are not observed (logged "
                    + "once).");
    public static final Setting<Long> LOOKUP_INTERVAL = Setting.longValue("telemetry.lookup.interval.ms", 10_000)
            .range(1_000, 3_600_000).named("Lookup interval (ms)")
            .describedAs("How often the criteria are looked up again (also shortly after every change of the "
                    + "Resource Directory); failed relations are started again then.");
    public static final Setting<Integer> FEED_RECORDS = Setting.integer("telemetry.feed.records", 32)
            .range(0, 1_000).named("Records kept in the root's feed")
            .describedAs("On a root gateway whose destination is the root: the newest records GET /telemetry-feed "
                    + "answers with.");

    public static final List<Setting<?>> ALL = List.of(ENABLED, DESTINATION, CLOUD_PUBLISHER_TARGET, LOOKUP, RESOURCE,
            TOPIC, QOS, DELIVERY_CLASS, RECORD_MAX_BYTES, QUEUE_CAPACITY, MAX_RELATIONS, LOOKUP_INTERVAL, FEED_RECORDS);

    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree Telemetry Uplink",
            "Carries device data upstream: records devices POST to this gateway, and notifications of the resources "
                    + "the lookup criteria select in its Resource Directory, go up the tree to the root over MQTT "
                    + "(sealed, in their delivery class, batched under load) or to a cloud through a Kura "
                    + "CloudPublisher. On the root it also receives every gateway's telemetry.",
            ALL);

    public TelemetryOptions {
        parseLookup(lookupCriteria);
        if (!resourcePath.isEmpty() && !resourcePath.matches("[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*")) {
            throw new InvalidPropertyException(RESOURCE.id(), "'" + resourcePath
                    + "' is not a path of segments a-z A-Z 0-9 . _ ~ - separated by /");
        }
        if (topic.isEmpty() || topic.getBytes(StandardCharsets.UTF_8).length > TelemetryCodec.MAX_TOPIC_BYTES
                || topic.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidPropertyException(TOPIC.id(), "must be 1 to " + TelemetryCodec.MAX_TOPIC_BYTES
                    + " bytes without control characters");
        }
        QOS.check(qos);
        if (deliveryClass == DeliveryClass.CONTROL) {
            throw new InvalidPropertyException(DELIVERY_CLASS.id(), "'" + deliveryClass.label()
                    + "' is not urgent or normal");
        }
        RECORD_MAX_BYTES.check(recordMaxBytes);
        QUEUE_CAPACITY.check(queueCapacity);
        MAX_RELATIONS.check(maxRelations);
        LOOKUP_INTERVAL.check(lookupIntervalMillis);
        FEED_RECORDS.check(feedRecords);
    }

    /**
     * Reads the options from component properties as Kura delivers them; missing properties take their default,
     * texts are trimmed.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static TelemetryOptions fromProperties(Map<String, ?> properties) {
        return new TelemetryOptions(ENABLED.from(properties), DESTINATION.from(properties),
                LOOKUP.from(properties).trim(), RESOURCE.from(properties).trim(), TOPIC.from(properties).trim(),
                QOS.from(properties), DELIVERY_CLASS.from(properties), RECORD_MAX_BYTES.from(properties),
                QUEUE_CAPACITY.from(properties), MAX_RELATIONS.from(properties), LOOKUP_INTERVAL.from(properties),
                FEED_RECORDS.from(properties));
    }

    /** @return every setting at its default */
    public static TelemetryOptions defaults() {
        return fromProperties(Map.of());
    }

    /** The RD lookup criteria of the resources to observe, or null to observe none. */
    public LookupQuery lookup() {
        return parseLookup(lookupCriteria);
    }

    private static LookupQuery parseLookup(String text) {
        if (text.isEmpty()) {
            return null;
        }
        List<String> parameters = Arrays.stream(text.split("&")).map(String::trim).toList();
        if (parameters.stream().anyMatch(String::isEmpty)) {
            throw new InvalidPropertyException(LOOKUP.id(), "'" + text
                    + "' has an empty criterion (write name=value&name=value)");
        }
        LookupQuery query;
        try {
            query = LookupQuery.fromUriQuery(parameters);
        } catch (InvalidRequestException e) {
            throw new InvalidPropertyException(LOOKUP.id(), e.getMessage());
        }
        if (query.page().isPresent() || query.count().isPresent()) {
            throw new InvalidPropertyException(LOOKUP.id(),
                    "page and count are not criteria: every matching resource is observed");
        }
        return query;
    }

    @Override
    public String toString() {
        return "destination " + destination.name().toLowerCase(Locale.ROOT) + ", class " + deliveryClass.label()
                + ", topic '" + topic + "', qos " + qos + ", resource '/" + resourcePath + "', lookup '"
                + lookupCriteria + "'";
    }
}
