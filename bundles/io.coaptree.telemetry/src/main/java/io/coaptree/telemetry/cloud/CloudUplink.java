package io.coaptree.telemetry.cloud;

import java.util.Date;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.cloudconnection.message.KuraMessage;
import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;
import org.eclipse.kura.message.KuraPayload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.telemetry.uplink.RecordSink;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * Hands each record to the Kura {@link CloudPublisher} the component is bound to, as one {@link KuraMessage}: the
 * payload's body is the device's bytes unchanged, its timestamp when the gateway took the record in, and its
 * metrics (and the message's properties, which a Kura publisher may use in its topic) say where it came from:
 * {@value #GATEWAY}, {@value #ORIGIN}, {@value #SOURCE}, {@value #TOPIC}, {@value #CONTENT_FORMAT} (absent when the
 * device gave none). Records reach this in class order (the {@code UplinkQueue}); the publisher's own settings
 * (QoS, priority, retain) and Kura's DataService take it from there. Without a bound publisher, or when it refuses,
 * the record is dropped and counted.
 */
public final class CloudUplink implements RecordSink {

    public static final String GATEWAY = "gateway";
    public static final String ORIGIN = "origin";
    public static final String SOURCE = "source";
    public static final String TOPIC = "topic";
    public static final String CONTENT_FORMAT = "contentFormat";

    private static final Logger LOG = LoggerFactory.getLogger(CloudUplink.class);

    private final Supplier<CloudPublisher> publisher;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** @param publisher the bound publisher now, or null while none is */
    public CloudUplink(Supplier<CloudPublisher> publisher) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
    }

    @Override
    public void deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass) {
        CloudPublisher p = publisher.get();
        if (p == null) {
            dropped("no CloudPublisher is bound (set CloudPublisher.target)");
            return;
        }
        try {
            p.publish(message(gateway, record));
            published.incrementAndGet();
        } catch (KuraException | RuntimeException e) {
            dropped("the CloudPublisher refused a record: " + e.getMessage());
        }
    }

    /** The Kura message of a record. */
    public static KuraMessage message(String gateway, TelemetryRecord record) {
        Map<String, Object> about = new HashMap<>();
        about.put(GATEWAY, gateway);
        about.put(ORIGIN, record.origin().label());
        about.put(SOURCE, record.source());
        about.put(TOPIC, record.topic());
        if (record.contentFormat() != TelemetryRecord.NO_FORMAT) {
            about.put(CONTENT_FORMAT, record.contentFormat());
        }
        KuraPayload payload = new KuraPayload();
        payload.setTimestamp(new Date(record.timeMillis()));
        payload.setBody(record.payload());
        about.forEach(payload::addMetric);
        return new KuraMessage(payload, about);
    }

    public long published() {
        return published.get();
    }

    public long dropped() {
        return dropped.get();
    }

    private void dropped(String why) {
        long n = dropped.incrementAndGet();
        // Powers of two: a publisher that stays away writes a few lines, not one per record.
        if (Long.bitCount(n) == 1) {
            LOG.warn("telemetry: {} ({} records dropped so far)", why, n);
        }
    }
}
