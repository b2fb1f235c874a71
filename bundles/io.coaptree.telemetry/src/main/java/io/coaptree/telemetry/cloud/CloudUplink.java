package io.coaptree.telemetry.cloud;

import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.cloudconnection.listener.CloudDeliveryListener;
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
 * (QoS, priority, retain) and Kura's DataService take it from there.
 * <p>
 * A Kura publisher takes a message into its DataService's store whether or not the connection is up, and refuses it
 * (a {@link KuraException}) when the store is full, or when the cloud service behind it is missing: then, as while
 * no publisher is bound, the record is not lost but handed back to the queue to be offered again later. A publisher
 * that throws anything else is refusing that record for good: it is dropped, counted and logged. Delivery is
 * confirmed later, for QoS 1 messages only, through the publisher's {@link CloudDeliveryListener}: the ids published
 * and not yet confirmed are counted as unconfirmed (Kura's DataService keeps those messages and sends them again on a
 * new session; nothing waits for them here).
 */
public final class CloudUplink implements RecordSink, AutoCloseable {

    public static final String GATEWAY = "gateway";
    public static final String ORIGIN = "origin";
    public static final String SOURCE = "source";
    public static final String TOPIC = "topic";
    public static final String CONTENT_FORMAT = "contentFormat";

    private static final Logger LOG = LoggerFactory.getLogger(CloudUplink.class);
    /**
     * Ids awaiting confirmation that are remembered; beyond, the oldest are forgotten. More than a Kura store holds by
     * default (10,000 messages), and an unconfirmed message stays in the store.
     */
    private static final int TRACKED_IDS = 65_536;

    private final Supplier<CloudPublisher> publisher;
    private final CloudDeliveryListener confirmations = this::onConfirmed;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong confirmed = new AtomicLong();
    // Guarded by this.
    private CloudPublisher listenedTo;
    private final Set<String> unconfirmed = new LinkedHashSet<>();
    /** Confirmations that overtook the return of publish (Kura confirms on another thread). */
    private final Set<String> early = new LinkedHashSet<>();

    /** @param publisher the bound publisher now, or null while none is (or not yet the one the configuration selects) */
    public CloudUplink(Supplier<CloudPublisher> publisher) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
    }

    @Override
    public boolean deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass) {
        CloudPublisher p = publisher.get();
        if (p == null) {
            refused("no CloudPublisher that CloudPublisher.target selects is bound (yet)");
            return false;
        }
        listenTo(p);
        String id;
        try {
            id = p.publish(message(gateway, record));
        } catch (KuraException e) {
            refused("the CloudPublisher cannot take records now (" + e.getMessage() + ")");
            return false;
        } catch (RuntimeException e) {
            long n = dropped.incrementAndGet();
            if (Long.bitCount(n) == 1) {
                LOG.warn("telemetry: the CloudPublisher refused a record for good, dropped ({} so far)", n, e);
            }
            return true;
        }
        published.incrementAndGet();
        if (id != null) {
            awaitConfirmation(id);
        }
        return true;
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

    /** Records the publisher took. */
    public long published() {
        return published.get();
    }

    /** Times the publisher (or its absence) could not take a record now; each such record was kept and retried. */
    public long refused() {
        return refused.get();
    }

    /** Records the publisher refused for good. */
    public long dropped() {
        return dropped.get();
    }

    /** Records the cloud confirmed (QoS 1). */
    public long confirmed() {
        return confirmed.get();
    }

    /** Records published with a QoS above 0 whose confirmation has not come yet. */
    public synchronized int unconfirmed() {
        return unconfirmed.size();
    }

    /** Stops listening to the publisher's confirmations. */
    @Override
    public synchronized void close() {
        if (listenedTo != null) {
            listenedTo.unregisterCloudDeliveryListener(confirmations);
            listenedTo = null;
        }
    }

    /** The bound publisher can change while the component runs (a dynamic reference): its ids are its own. */
    private synchronized void listenTo(CloudPublisher p) {
        if (p == listenedTo) {
            return;
        }
        close();
        unconfirmed.clear();
        early.clear();
        p.registerCloudDeliveryListener(confirmations);
        listenedTo = p;
    }

    private synchronized void awaitConfirmation(String id) {
        if (early.remove(id)) {
            confirmed.incrementAndGet();
        } else {
            remember(unconfirmed, id);
        }
    }

    private synchronized void onConfirmed(String id) {
        if (unconfirmed.remove(id)) {
            confirmed.incrementAndGet();
        } else {
            remember(early, id);
        }
    }

    private static void remember(Set<String> ids, String id) {
        ids.add(id);
        if (ids.size() > TRACKED_IDS) {
            ids.remove(ids.iterator().next());
        }
    }

    private void refused(String why) {
        long n = refused.incrementAndGet();
        // Powers of two: a publisher that stays away writes a few lines, not one per retry.
        if (Long.bitCount(n) == 1) {
            LOG.warn("telemetry: {}; the record is kept and offered again ({} refusals so far)", why, n);
        }
    }
}
