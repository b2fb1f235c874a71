package io.coaptree.remotequery.node;

import java.util.Map;
import java.util.Objects;

import io.coaptree.tree.options.InvalidOptionException;

/** Timeouts and limits of remote queries; a bad value is refused with an exception naming the property. */
public final class RemoteQueryOptions {

    public static final String REQUEST_TIMEOUT = "remotequery.request.timeout.ms";
    public static final String LOOKUP_TIMEOUT = "remotequery.lookup.timeout.ms";
    public static final String MAX_PENDING = "remotequery.max.pending";
    public static final String OBSERVE_LEASE = "remotequery.observe.lease.ms";
    public static final String MAX_MERGED_LINKS = "remotequery.max.merged.links";

    private final long requestTimeoutMillis;
    private final long lookupTimeoutMillis;
    private final int maxPending;
    private final long observeLeaseMillis;
    private final int maxMergedLinks;

    private RemoteQueryOptions(long requestTimeoutMillis, long lookupTimeoutMillis, int maxPending,
            long observeLeaseMillis, int maxMergedLinks) {
        this.requestTimeoutMillis = range(REQUEST_TIMEOUT, requestTimeoutMillis, 100, 600_000);
        this.lookupTimeoutMillis = range(LOOKUP_TIMEOUT, lookupTimeoutMillis, 100, 600_000);
        this.maxPending = (int) range(MAX_PENDING, maxPending, 1, 1_000_000);
        this.observeLeaseMillis = range(OBSERVE_LEASE, observeLeaseMillis, 1_000, 86_400_000);
        this.maxMergedLinks = (int) range(MAX_MERGED_LINKS, maxMergedLinks, 1, 100_000);
    }

    public static RemoteQueryOptions defaults() {
        return new RemoteQueryOptions(5_000, 5_000, 1_024, 300_000, 1_024);
    }

    /** @throws InvalidOptionException naming the property */
    public static RemoteQueryOptions of(long requestTimeoutMillis, long lookupTimeoutMillis, int maxPending,
            long observeLeaseMillis, int maxMergedLinks) {
        return new RemoteQueryOptions(requestTimeoutMillis, lookupTimeoutMillis, maxPending, observeLeaseMillis,
                maxMergedLinks);
    }

    /** Reads a Kura component configuration; absent properties keep their defaults. */
    public static RemoteQueryOptions fromProperties(Map<String, ?> properties) {
        Objects.requireNonNull(properties, "properties");
        RemoteQueryOptions d = defaults();
        return new RemoteQueryOptions(number(properties, REQUEST_TIMEOUT, d.requestTimeoutMillis),
                number(properties, LOOKUP_TIMEOUT, d.lookupTimeoutMillis),
                (int) range(MAX_PENDING, number(properties, MAX_PENDING, d.maxPending), 1, 1_000_000),
                number(properties, OBSERVE_LEASE, d.observeLeaseMillis),
                (int) range(MAX_MERGED_LINKS, number(properties, MAX_MERGED_LINKS, d.maxMergedLinks), 1, 100_000));
    }

    private static long number(Map<String, ?> properties, String key, long fallback) {
        Object value = properties.get(key);
        if (value == null || value.toString().isBlank()) {
            return fallback;
        }
        if (value instanceof Number) {
            return ((Number) value).longValue();
        }
        try {
            return Long.parseLong(value.toString().trim());
        } catch (NumberFormatException e) {
            throw new InvalidOptionException(key, "'" + value + "' is not a whole number", e);
        }
    }

    private static long range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidOptionException(field, value + " is outside " + min + ".." + max);
        }
        return value;
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

    @Override
    public String toString() {
        return REQUEST_TIMEOUT + "=" + requestTimeoutMillis + ", " + LOOKUP_TIMEOUT + "=" + lookupTimeoutMillis + ", "
                + MAX_PENDING + "=" + maxPending + ", " + OBSERVE_LEASE + "=" + observeLeaseMillis + ", "
                + MAX_MERGED_LINKS + "=" + maxMergedLinks;
    }
}
