package io.coaptree.telemetry.coap;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.network.Endpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.telemetry.uplink.RecordIntake;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * Observes the resources this gateway's Resource Directory lists under the lookup criteria
 * ({@code telemetry.lookup}, a resource lookup such as {@code rt=temperature} or {@code ep=dev*}: the devices'
 * registrations and the gateway's own resources), and queues every notification as a record whose source is the
 * resource's URI. {@link #refresh()} (at {@code telemetry.lookup.interval.ms} and after the directory changes) starts
 * relations for new matches and cancels those that no longer match; a relation that failed is started again at the
 * next refresh. Only {@code coap://} resources of registrations are observed, at most
 * {@code telemetry.observe.max.relations}: resources of child gateways ({@code /tree/...}, kept here by RD
 * synchronisation) are their own gateway's to send.
 */
public final class ObservedResources implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ObservedResources.class);
    private static final String TREE_PATHS = "/tree/";

    private final ResourceDirectoryService directory;
    private final LookupQuery query;
    private final Endpoint endpoint;
    private final RecordIntake queue;
    private final String topic;
    private final DeliveryClass deliveryClass;
    private final int maxRelations;
    private final int maxBytes;
    private final LongSupplier clock;
    /** Guarded by this. */
    private final Map<String, Relation> relations = new HashMap<>();
    private boolean closed;
    private boolean warnedFull;

    public ObservedResources(ResourceDirectoryService directory, LookupQuery query, Endpoint endpoint,
            RecordIntake queue, String topic, DeliveryClass deliveryClass, int maxRelations, int maxBytes,
            LongSupplier clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.query = Objects.requireNonNull(query, "query");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.topic = Objects.requireNonNull(topic, "topic");
        this.deliveryClass = Objects.requireNonNull(deliveryClass, "deliveryClass");
        this.maxRelations = maxRelations;
        this.maxBytes = maxBytes;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Looks the criteria up again and brings the relations in line. */
    public synchronized void refresh() {
        if (closed) {
            return;
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (Link link : directory.resources(query, LookupOrigin.OFF_LINK)) {
            if (observable(link.target())) {
                wanted.add(link.target());
            }
        }
        relations.entrySet().removeIf(e -> {
            boolean gone = !wanted.contains(e.getKey()) || e.getValue().failed;
            if (gone) {
                e.getValue().cancel();
            }
            return gone;
        });
        for (String target : wanted) {
            if (relations.containsKey(target)) {
                continue;
            }
            if (relations.size() >= maxRelations) {
                if (!warnedFull) {
                    LOG.warn("telemetry: {} resources match '{}', observing the first {} "
                            + "(telemetry.observe.max.relations)", wanted.size(), query, maxRelations);
                    warnedFull = true;
                }
                break;
            }
            relations.put(target, new Relation(target));
        }
    }

    /** The URIs observed now. */
    public synchronized Set<String> observed() {
        return Set.copyOf(relations.keySet());
    }

    private static boolean observable(String target) {
        try {
            URI uri = new URI(target);
            return "coap".equals(uri.getScheme()) && uri.getHost() != null
                    && (uri.getRawPath() == null || !uri.getRawPath().startsWith(TREE_PATHS));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        relations.values().forEach(Relation::cancel);
        relations.clear();
    }

    /** One Observe relation; its notifications become records. */
    private final class Relation implements CoapHandler {
        private final String target;
        private final CoapClient client;
        private final CoapObserveRelation relation;
        private volatile boolean failed;

        Relation(String target) {
            this.target = target;
            this.client = new CoapClient(target).setEndpoint(endpoint);
            this.relation = client.observe(this);
        }

        @Override
        public void onLoad(CoapResponse response) {
            if (!response.isSuccess()) {
                failed = true; // e.g. 4.04: tried again at the next refresh if it still matches
                return;
            }
            byte[] payload = response.getPayload();
            if (payload == null || payload.length == 0 || payload.length > maxBytes) {
                return;
            }
            // A notification the uplink cannot take now is counted there; Observe sends a newer state next time.
            queue.offer(new TelemetryRecord(TelemetryRecord.Origin.OBSERVED, target, topic,
                    response.getOptions().hasContentFormat() ? response.getOptions().getContentFormat()
                            : TelemetryRecord.NO_FORMAT, clock.getAsLong(), payload), deliveryClass);
        }

        @Override
        public void onError() {
            failed = true;
        }

        void cancel() {
            if (relation != null) {
                relation.proactiveCancel();
            }
            client.shutdown();
        }
    }
}
