package io.coaptree.remotequery.node;

import static io.coaptree.properties.Refusal.STANDARD;

import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/** Timeouts and limits of remote queries; a bad value is refused with an exception naming the property. */
public final class RemoteQueryOptions {

    public static final String REQUEST_TIMEOUT = "remotequery.request.timeout.ms";
    public static final String LOOKUP_TIMEOUT = "remotequery.lookup.timeout.ms";
    public static final String MAX_PENDING = "remotequery.max.pending";
    public static final String OBSERVE_LEASE = "remotequery.observe.lease.ms";
    public static final String MAX_MERGED_LINKS = "remotequery.max.merged.links";
    public static final String SYNC_ENABLED = "remotequery.sync.enabled";
    public static final String SYNC_INTERVAL = "remotequery.sync.interval.ms";
    public static final String SYNC_MAX_LINKS = "remotequery.sync.max.links";
    public static final String SYNC_GRACE = "remotequery.sync.grace.ms";
    public static final String ADMISSION_MAX_WAIT = "remotequery.admission.max.wait.ms";
    public static final String ADMISSION_MAX_PER_HOP = "remotequery.admission.max.pending.per.hop";
    public static final String REPLICA_SPREADING = "remotequery.replica.spreading";
    public static final String REPLICA_RETENTION = "remotequery.replica.retention.ms";
    /** Requests to a gateway on the same broker go straight to it rather than hop by hop. */
    public static final String DIRECT_ROUTES = "remotequery.route.direct";

    private final long requestTimeoutMillis;
    private final long lookupTimeoutMillis;
    private final int maxPending;
    private final long observeLeaseMillis;
    private final int maxMergedLinks;
    private final boolean syncEnabled;
    private final long syncIntervalMillis;
    private final int syncMaxLinks;
    private final long syncGraceMillis;
    private final long admissionMaxWaitMillis;
    private final int admissionMaxPerHop;
    private final ReplicaSpreading replicaSpreading;
    private final long replicaRetentionMillis;
    private final boolean directRoutes;

    private RemoteQueryOptions(long requestTimeoutMillis, long lookupTimeoutMillis, int maxPending,
            long observeLeaseMillis, int maxMergedLinks) {
        this(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis, maxMergedLinks, true, 5_000,
                500, 30_000, 500, 256, ReplicaSpreading.LEAST_PENDING, 600_000, true);
    }

    private RemoteQueryOptions(long requestTimeoutMillis, long lookupTimeoutMillis, long maxPending,
            long observeLeaseMillis, long maxMergedLinks, boolean syncEnabled, long syncIntervalMillis,
            long syncMaxLinks, long syncGraceMillis, long admissionMaxWaitMillis, long admissionMaxPerHop,
            ReplicaSpreading replicaSpreading, long replicaRetentionMillis, boolean directRoutes) {
        this.directRoutes = directRoutes;
        this.admissionMaxWaitMillis = STANDARD.requireRange(ADMISSION_MAX_WAIT, admissionMaxWaitMillis, 1, 600_000);
        this.admissionMaxPerHop = (int) STANDARD.requireRange(ADMISSION_MAX_PER_HOP, admissionMaxPerHop, 1, 1_000_000);
        this.replicaSpreading = Objects.requireNonNull(replicaSpreading, "replicaSpreading");
        this.replicaRetentionMillis = STANDARD.requireRange(REPLICA_RETENTION, replicaRetentionMillis, 0,
                7 * 86_400_000L);
        this.syncEnabled = syncEnabled;
        this.syncIntervalMillis = STANDARD.requireRange(SYNC_INTERVAL, syncIntervalMillis, 100, 3_600_000);
        this.syncMaxLinks = (int) STANDARD.requireRange(SYNC_MAX_LINKS, syncMaxLinks, 1, 10_000);
        this.syncGraceMillis = STANDARD.requireRange(SYNC_GRACE, syncGraceMillis, 0, 86_400_000);
        this.requestTimeoutMillis = STANDARD.requireRange(REQUEST_TIMEOUT, requestTimeoutMillis, 100, 600_000);
        this.lookupTimeoutMillis = STANDARD.requireRange(LOOKUP_TIMEOUT, lookupTimeoutMillis, 100, 600_000);
        this.maxPending = (int) STANDARD.requireRange(MAX_PENDING, maxPending, 1, 1_000_000);
        this.observeLeaseMillis = STANDARD.requireRange(OBSERVE_LEASE, observeLeaseMillis, 1_000, 86_400_000);
        this.maxMergedLinks = (int) STANDARD.requireRange(MAX_MERGED_LINKS, maxMergedLinks, 1, 100_000);
    }

    public static RemoteQueryOptions defaults() {
        return new RemoteQueryOptions(5_000, 5_000, 1_024, 300_000, 1_024);
    }

    /** @throws InvalidPropertyException naming the property */
    public static RemoteQueryOptions of(long requestTimeoutMillis, long lookupTimeoutMillis, int maxPending,
            long observeLeaseMillis, int maxMergedLinks) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks);
    }

    /**
     * Reads a Kura component configuration ({@link ComponentProperties} says which forms each type may take); absent
     * properties keep their defaults.
     *
     * @throws InvalidPropertyException naming the property
     */
    public static RemoteQueryOptions fromProperties(Map<String, ?> properties) {
        Objects.requireNonNull(properties, "properties");
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        RemoteQueryOptions d = defaults();
        return new RemoteQueryOptions(p.longValue(REQUEST_TIMEOUT, d.requestTimeoutMillis),
                p.longValue(LOOKUP_TIMEOUT, d.lookupTimeoutMillis), p.longValue(MAX_PENDING, d.maxPending),
                p.longValue(OBSERVE_LEASE, d.observeLeaseMillis), p.longValue(MAX_MERGED_LINKS, d.maxMergedLinks),
                p.bool(SYNC_ENABLED, d.syncEnabled), p.longValue(SYNC_INTERVAL, d.syncIntervalMillis),
                p.longValue(SYNC_MAX_LINKS, d.syncMaxLinks), p.longValue(SYNC_GRACE, d.syncGraceMillis),
                p.longValue(ADMISSION_MAX_WAIT, d.admissionMaxWaitMillis),
                p.longValue(ADMISSION_MAX_PER_HOP, d.admissionMaxPerHop),
                p.enumValue(REPLICA_SPREADING, d.replicaSpreading),
                p.longValue(REPLICA_RETENTION, d.replicaRetentionMillis), p.bool(DIRECT_ROUTES, d.directRoutes));
    }

    /**
     * A copy with other RD synchronisation settings.
     *
     * @throws InvalidPropertyException naming the property
     */
    public RemoteQueryOptions withSync(boolean enabled, long intervalMillis, int maxLinks, long graceMillis) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks, enabled, intervalMillis, maxLinks, graceMillis, admissionMaxWaitMillis,
                admissionMaxPerHop, replicaSpreading, replicaRetentionMillis, directRoutes);
    }

    /** The longest estimated answer time a request is sent on with; beyond, 5.03 with a Max-Age at once. */
    public long admissionMaxWaitMillis() {
        return admissionMaxWaitMillis;
    }

    /** Requests in flight to one next hop, at most; beyond, 5.03 with a Max-Age at once. */
    public int admissionMaxPerHop() {
        return admissionMaxPerHop;
    }

    /**
     * A copy with another spreading policy.
     */
    public RemoteQueryOptions withReplicaSpreading(ReplicaSpreading spreading) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks, syncEnabled, syncIntervalMillis, syncMaxLinks, syncGraceMillis, admissionMaxWaitMillis,
                admissionMaxPerHop, spreading, replicaRetentionMillis, directRoutes);
    }

    /**
     * A copy with another retention of failed replicas' sets.
     *
     * @throws InvalidPropertyException naming the property
     */
    public RemoteQueryOptions withReplicaRetention(long retentionMillis) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks, syncEnabled, syncIntervalMillis, syncMaxLinks, syncGraceMillis, admissionMaxWaitMillis,
                admissionMaxPerHop, replicaSpreading, retentionMillis, directRoutes);
    }

    /** A copy that sends requests straight to gateways on the same broker, or never. */
    public RemoteQueryOptions withDirectRoutes(boolean direct) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks, syncEnabled, syncIntervalMillis, syncMaxLinks, syncGraceMillis, admissionMaxWaitMillis,
                admissionMaxPerHop, replicaSpreading, replicaRetentionMillis, direct);
    }

    /**
     * Whether a request for a gateway that announced the same broker as this one goes straight to it (two MQTT
     * messages) instead of hop by hop through the tree; the hop-by-hop route stays for the others.
     */
    public boolean directRoutes() {
        return directRoutes;
    }

    /** How requests for a path that several gateways serve are spread across its live replicas. */
    public ReplicaSpreading replicaSpreading() {
        return replicaSpreading;
    }

    /**
     * How long a parent keeps the set of a child that failed while another replica still serves the child's path
     * (instead of {@link #syncGraceMillis()}, whichever is longer): the devices registered at the failed replica stay
     * in every lookup until it returns and sends its set again, or until this runs out.
     */
    public long replicaRetentionMillis() {
        return Math.max(replicaRetentionMillis, syncGraceMillis);
    }

    public long requestTimeoutMillis() {
        return requestTimeoutMillis;
    }

    public long lookupTimeoutMillis() {
        return lookupTimeoutMillis;
    }

    public int maxPending() {
        return maxPending;
    }

    public long observeLeaseMillis() {
        return observeLeaseMillis;
    }

    public int maxMergedLinks() {
        return maxMergedLinks;
    }

    /** Whether this gateway sends its Resource Directory contents to its parent and keeps its children's. */
    public boolean syncEnabled() {
        return syncEnabled;
    }

    /** How often the local directory is read even without a change notification; also the wait for an ack. */
    public long syncIntervalMillis() {
        return syncIntervalMillis;
    }

    /** Links (added plus removed) in one synchronisation message; larger sets go as a full set plus deltas. */
    public int syncMaxLinks() {
        return syncMaxLinks;
    }

    /** How long a child's set is kept after the child went down or moved to another parent. */
    public long syncGraceMillis() {
        return syncGraceMillis;
    }

    /**
     * Lifetime of the registrations holding the children's sets in this gateway's directory: long enough to outlive
     * the grace period, refreshed every third of it, so an orphan (this gateway restarted, the child never came back)
     * disappears by itself.
     */
    public long syncRegistrationLifetimeSeconds() {
        return Math.max(60, 3 * syncGraceMillis / 1000);
    }

    @Override
    public String toString() {
        return REQUEST_TIMEOUT + "=" + requestTimeoutMillis + ", " + LOOKUP_TIMEOUT + "=" + lookupTimeoutMillis + ", "
                + MAX_PENDING + "=" + maxPending + ", " + OBSERVE_LEASE + "=" + observeLeaseMillis + ", "
                + MAX_MERGED_LINKS + "=" + maxMergedLinks + ", " + SYNC_ENABLED + "=" + syncEnabled + ", "
                + SYNC_INTERVAL + "=" + syncIntervalMillis + ", " + SYNC_MAX_LINKS + "=" + syncMaxLinks + ", "
                + SYNC_GRACE + "=" + syncGraceMillis + ", " + ADMISSION_MAX_WAIT + "=" + admissionMaxWaitMillis + ", "
                + ADMISSION_MAX_PER_HOP + "=" + admissionMaxPerHop + ", " + REPLICA_SPREADING + "="
                + ComponentProperties.settingOf(replicaSpreading) + ", " + REPLICA_RETENTION + "=" + replicaRetentionMillis
                + ", " + DIRECT_ROUTES + "=" + directRoutes;
    }
}
