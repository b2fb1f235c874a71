package io.coaptree.remotequery.options;

import java.util.List;
import java.util.Map;

import io.coaptree.codec.CodecLimits;
import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * Timeouts and limits of remote queries (component {@value #PID}), typed. Each setting is defined once below; the
 * build writes the component's metatype from {@link #SETTINGS} (these settings and the envelope codec's payload limit,
 * {@link CodecLimits#ALL}, which the component reads from the same configuration), and a bad value, read or built in
 * code, is refused with an {@link InvalidPropertyException} whose field is the property.
 *
 * @param requestTimeoutMillis a remote request without an answer by then gets 5.04
 * @param lookupTimeoutMillis a tree lookup answers with what arrived by then; deeper levels get a shorter share
 * @param maxPending requests and Observe relays in flight through this gateway
 * @param admissionMaxWaitMillis the longest estimated answer time a request is sent on with; beyond, 5.03 with a
 *            Max-Age at once
 * @param admissionMaxPerHop requests in flight to one next hop, at most; beyond, 5.03 with a Max-Age at once
 * @param observeLeaseMillis a relayed Observe relation without a notification for this long is dropped
 * @param maxMergedLinks links kept when merging the answers of a tree lookup
 * @param syncEnabled whether this gateway sends its Resource Directory contents to its parent and keeps its
 *            children's
 * @param syncIntervalMillis how often the local directory is read even without a change notification; also the wait
 *            for an ack
 * @param syncMaxLinks links (added plus removed) in one synchronisation message; larger sets go as a full set plus
 *            deltas
 * @param syncGraceMillis how long a child's set is kept after the child went down or moved to another parent
 * @param replicaSpreading how requests for a path that several gateways serve are spread across its live replicas
 * @param replicaRetentionMillis how long a parent keeps the set of a child that failed while another replica still
 *            serves the child's path (never less than {@code syncGraceMillis}: {@code sync.ChildSets} keeps the
 *            longer): the devices registered at the failed replica stay in every lookup until it returns and sends
 *            its set again, or until this runs out
 * @param directRoutes whether a request for a gateway that announced the same broker as this one goes straight to it
 *            (two MQTT messages) instead of hop by hop through the tree; the hop-by-hop route stays for the others
 */
public record RemoteQueryOptions(long requestTimeoutMillis, long lookupTimeoutMillis, int maxPending,
        long admissionMaxWaitMillis, int admissionMaxPerHop, long observeLeaseMillis, int maxMergedLinks,
        boolean syncEnabled, long syncIntervalMillis, int syncMaxLinks, long syncGraceMillis,
        ReplicaSpreading replicaSpreading, long replicaRetentionMillis, boolean directRoutes) {

    public static final String PID = "io.coaptree.remotequery.RemoteQuery";

    public static final Setting<Long> REQUEST_TIMEOUT = Setting.longValue("remotequery.request.timeout.ms", 5_000)
            .range(100, 600_000).named("Request timeout (ms)")
            .describedAs("A remote request without an answer by then gets 5.04 Gateway Timeout.");
    public static final Setting<Long> LOOKUP_TIMEOUT = Setting.longValue("remotequery.lookup.timeout.ms", 5_000)
            .range(100, 600_000).named("Lookup timeout (ms)")
            .describedAs("A tree lookup answers with what arrived by then (5.04 if nothing did); deeper levels get a "
                    + "shorter share.");
    public static final Setting<Integer> MAX_PENDING = Setting.integer("remotequery.max.pending", 1_024)
            .range(1, 1_000_000).named("Maximum pending requests")
            .describedAs("Requests and Observe relays in flight through this gateway; beyond, 5.03 Service "
                    + "Unavailable.");
    public static final Setting<Long> ADMISSION_MAX_WAIT = Setting.longValue("remotequery.admission.max.wait.ms", 500)
            .range(1, 600_000).named("Longest estimated wait admitted (ms)")
            .describedAs("A request for a remote resource is sent on only while its answer is expected within this "
                    + "time (and within the request timeout), estimated from the requests in flight to the next "
                    + "gateway and how fast it answered lately; otherwise 5.03 Service Unavailable at once, with a "
                    + "Max-Age saying when to retry. Lower: more refusals under overload, faster answers for the "
                    + "admitted.");
    public static final Setting<Integer> ADMISSION_MAX_PER_HOP = Setting
            .integer("remotequery.admission.max.pending.per.hop", 256).range(1, 1_000_000)
            .named("Maximum requests in flight per next gateway")
            .describedAs("Requests for remote resources in flight to one neighbouring gateway; beyond, 5.03 Service "
                    + "Unavailable at once, with a Max-Age.");
    public static final Setting<Long> OBSERVE_LEASE = Setting.longValue("remotequery.observe.lease.ms", 300_000)
            .range(1_000, 86_400_000).named("Observe relay lease (ms)")
            .describedAs("A relayed Observe relation without a notification for this long is dropped.");
    public static final Setting<Integer> MAX_MERGED_LINKS = Setting.integer("remotequery.max.merged.links", 1_024)
            .range(1, 100_000).named("Maximum links in a lookup answer")
            .describedAs("Links kept when merging the answers of a tree lookup.");
    public static final Setting<Boolean> SYNC_ENABLED = Setting.flag("remotequery.sync.enabled", true)
            .named("Synchronise the Resource Directory up the tree")
            .describedAs("Send this gateway's Resource Directory contents (as /tree/... links) to its parent over "
                    + "MQTT, and keep the children's contents in this gateway's directory (one registration per "
                    + "child: ep = the child's name, d = its domain), so lookups here list the whole subtree without "
                    + "asking it.");
    public static final Setting<Long> SYNC_INTERVAL = Setting.longValue("remotequery.sync.interval.ms", 5_000)
            .range(100, 3_600_000).named("Synchronisation interval (ms)")
            .describedAs("How long the parent's acknowledgement is awaited before a synchronisation message is sent "
                    + "again. The directory is read soon after every change, and every twelve intervals in any case.");
    public static final Setting<Integer> SYNC_MAX_LINKS = Setting.integer("remotequery.sync.max.links", 500)
            .range(1, 10_000).named("Maximum links per synchronisation message and registration")
            .describedAs("Links (added plus removed) in one message to the parent; a larger change goes as several "
                    + "messages. Also the page size when reading the directory, and the links per registration when "
                    + "this gateway keeps a child's resources in its own Resource Directory (a larger set is several "
                    + "registrations): keep it at or below the directory's registration.links.max (1000 by "
                    + "default).");
    public static final Setting<Long> SYNC_GRACE = Setting.longValue("remotequery.sync.grace.ms", 30_000)
            .range(0, 86_400_000).named("Synchronisation grace period (ms)")
            .describedAs("A child that is down or attached elsewhere keeps its resources in this directory for this "
                    + "long. Children's registrations live 3 x this (at least 60 s) and are refreshed every third of "
                    + "that.");
    public static final Setting<ReplicaSpreading> REPLICA_SPREADING = Setting
            .choice("remotequery.replica.spreading", ReplicaSpreading.LEAST_PENDING).named("Spreading over replicas")
            .describedAs("How requests that any gateway of a replicated path may serve "
                    + "(/tree/<domain>/<group>/*/..., and hops through a replicated domain or root) are spread over "
                    + "its live gateways: least-pending (the one this gateway waits on least, ties in turn) or "
                    + "in-turn (round robin).");
    public static final Setting<Long> REPLICA_RETENTION = Setting.longValue("remotequery.replica.retention.ms",
            600_000).range(0, 7 * 86_400_000L).named("Failed replica retention (ms)")
            .describedAs("A child that failed while another gateway still serves its path keeps its resources (and "
                    + "the devices registered at it) in this directory for this long, or until it returns and sends "
                    + "them again; never less than the synchronisation grace period.");
    public static final Setting<Boolean> DIRECT_ROUTES = Setting.flag("remotequery.route.direct", true)
            .named("Direct routes")
            .describedAs("A request for a resource of a gateway that announced the same broker (tree.broker.name) "
                    + "goes straight to that gateway and its answer straight back: two MQTT messages instead of one "
                    + "per hop of the tree. A lookup goes straight to the gateway that answers for its scope. "
                    + "Requests to gateways behind other brokers always go hop by hop. Off: always hop by hop.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(REQUEST_TIMEOUT, LOOKUP_TIMEOUT, MAX_PENDING,
            ADMISSION_MAX_WAIT, ADMISSION_MAX_PER_HOP, OBSERVE_LEASE, MAX_MERGED_LINKS, SYNC_ENABLED, SYNC_INTERVAL,
            SYNC_MAX_LINKS, SYNC_GRACE, REPLICA_SPREADING, REPLICA_RETENTION, DIRECT_ROUTES);

    /**
     * Every setting of the component: these, with the codec's payload limit after the Observe lease, where the WebUI
     * has always listed it.
     */
    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree Remote Query",
            "Serves coap://this-gateway/tree/<domain>/<group>/<node>/<path> (a resource on any gateway of the tree, "
                    + "'-' for an absent domain or group) and /tree-lookup/res|ep?scope=<domain>[/<group>] (RD "
                    + "lookups over a subtree; no scope = the whole tree). Requests travel over MQTT with the "
                    + "caller's DTLS identity.",
            ComponentSettings.join(ALL.subList(0, ALL.indexOf(OBSERVE_LEASE) + 1), CodecLimits.ALL,
                    ALL.subList(ALL.indexOf(OBSERVE_LEASE) + 1, ALL.size())));

    private static final RemoteQueryOptions DEFAULTS = fromProperties(Map.of());

    public RemoteQueryOptions {
        REQUEST_TIMEOUT.check(requestTimeoutMillis);
        LOOKUP_TIMEOUT.check(lookupTimeoutMillis);
        MAX_PENDING.check(maxPending);
        ADMISSION_MAX_WAIT.check(admissionMaxWaitMillis);
        ADMISSION_MAX_PER_HOP.check(admissionMaxPerHop);
        OBSERVE_LEASE.check(observeLeaseMillis);
        MAX_MERGED_LINKS.check(maxMergedLinks);
        SYNC_INTERVAL.check(syncIntervalMillis);
        SYNC_MAX_LINKS.check(syncMaxLinks);
        SYNC_GRACE.check(syncGraceMillis);
        if (replicaSpreading == null) {
            throw new InvalidPropertyException(REPLICA_SPREADING.id(), "must be given");
        }
        REPLICA_RETENTION.check(replicaRetentionMillis);
    }

    /** @return every setting at its default */
    public static RemoteQueryOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads a Kura component configuration; missing properties take their defaults.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static RemoteQueryOptions fromProperties(Map<String, ?> properties) {
        return new RemoteQueryOptions(REQUEST_TIMEOUT.from(properties), LOOKUP_TIMEOUT.from(properties),
                MAX_PENDING.from(properties), ADMISSION_MAX_WAIT.from(properties),
                ADMISSION_MAX_PER_HOP.from(properties), OBSERVE_LEASE.from(properties),
                MAX_MERGED_LINKS.from(properties), SYNC_ENABLED.from(properties), SYNC_INTERVAL.from(properties),
                SYNC_MAX_LINKS.from(properties), SYNC_GRACE.from(properties), REPLICA_SPREADING.from(properties),
                REPLICA_RETENTION.from(properties), DIRECT_ROUTES.from(properties));
    }

    /**
     * Lifetime of the registrations holding the children's sets in this gateway's directory: long enough to outlive
     * the grace period, refreshed every third of it, so an orphan (this gateway restarted, the child never came back)
     * disappears by itself.
     */
    public long syncRegistrationLifetimeSeconds() {
        return Math.max(60, 3 * syncGraceMillis / 1000);
    }
}
