package io.coaptree.server.capacity;

import java.util.Map;
import java.util.function.LongSupplier;

import io.coaptree.server.options.CapacityOptions;

/**
 * The server's two pools shared by class (see {@link CapacityPool}): requests in progress and Observe relations, each
 * used by both network endpoints and by the requests run in memory for HTTP and the tree. Refusals are counted per
 * pool and logged at most once a minute.
 */
public final class ServerCapacity {

    /** Smallest pool of requests in progress: a gateway configured for a handful of peers still serves its tree. */
    public static final int MIN_REQUESTS = 16;
    /**
     * A refused request may retry after this long: requests in progress last at most a request timeout, most far less.
     */
    static final int REQUEST_RETRY_SECONDS = 5;
    /** A refused Observe registration may retry after this long: relations last minutes, a stream as long as a page. */
    static final int RELATION_RETRY_SECONDS = 30;

    private final CapacityPool requests;
    private final CapacityPool relations;
    private final RefusalLog log;

    public ServerCapacity(int maxRequests, int maxRelations, CapacityOptions options, LongSupplier nanoClock) {
        this.requests = new CapacityPool("requests in progress", REQUEST_RETRY_SECONDS,
                Math.max(MIN_REQUESTS, maxRequests), options);
        this.relations = new CapacityPool("Observe relations", RELATION_RETRY_SECONDS, maxRelations, options);
        this.log = new RefusalLog(nanoClock);
    }

    /** New limits: the pools' totals come from the server's options ({@code limits.peers}, {@code observe.max.relations}). */
    public void resize(int maxRequests, int maxRelations, CapacityOptions options) {
        requests.resize(Math.max(MIN_REQUESTS, maxRequests), options);
        relations.resize(maxRelations, options);
    }

    /**
     * Admits a request: an Observe registration holds a relation, any other request a request in progress.
     *
     * @param address the anonymous caller's address; {@code null} for anonymous work relayed by another gateway
     */
    public CapacityPool.Decision admit(boolean observe, CallerClass callerClass, String address) {
        CapacityPool.Decision decision = (observe ? relations : requests).admit(callerClass, address);
        if (decision instanceof CapacityPool.Refusal refusal) {
            log.refused(callerClass, address, refusal.diagnostic());
        }
        return decision;
    }

    /** @return the requests-in-progress pool */
    public CapacityPool requests() {
        return requests;
    }

    /** @return the Observe-relations pool */
    public CapacityPool relations() {
        return relations;
    }

    /**
     * The statistics as JSON: {@code {"refused":{"requests":{"anonymous-share":0,"per-address":3,"full":0},
     * "relations":{...}},"in-use":{"requests":{"anonymous":1,"authenticated":0,"tree":2},"relations":{...}}}}.
     * Labels are fixed names of letters and '-', so they need no escaping.
     */
    public String json() {
        return "{\"refused\":{\"requests\":" + object(requests.refusals()) + ",\"relations\":"
                + object(relations.refusals()) + "},\"in-use\":{\"requests\":" + object(requests.inUse())
                + ",\"relations\":" + object(relations.inUse()) + "}}";
    }

    /** @return every refusal so far, both pools, all reasons */
    public long refusedTotal() {
        return sum(requests.refusals()) + sum(relations.refusals());
    }

    private static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    private static String object(Map<String, ? extends Number> counts) {
        StringBuilder out = new StringBuilder("{");
        counts.forEach((k, v) -> out.append(out.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        return out.append('}').toString();
    }
}
