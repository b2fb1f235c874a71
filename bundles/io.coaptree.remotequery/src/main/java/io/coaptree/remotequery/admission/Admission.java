package io.coaptree.remotequery.admission;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

import io.coaptree.remotequery.options.RemoteQueryOptions;

/**
 * Decides whether a remote request may be sent to its next hop. A request is admitted only while it can be answered
 * in time: its estimated wait at that hop ({@link HopLoad}: requests in flight times the measured interval between
 * answers) must stay within {@code maxWaitMillis}, its estimated answer time (that wait plus the path's recent
 * shortest latency) within the request's own timeout, and the requests in flight to the hop below {@code maxPerHop}.
 * A request finding nothing in flight is always sent: only queueing is cut by refusing. A refused request costs
 * nothing downstream and tells its client when to try again, so overload costs the refused requests instead of
 * everyone's latency (as CoDel or a server's load shedding do, with the estimate in place of a measured sojourn time,
 * since a request waits in other gateways' queues).
 * <p>
 * The estimate corrects itself: with nothing admitted, the requests in flight drain and the estimate falls to the
 * path's latency, so admission resumes without a timer or probe. Thread-safe; one lock, held for a few arithmetic
 * operations.
 */
public final class Admission {

    /** The outcome of {@link #admit}. */
    public sealed interface Decision permits Admitted, Refused {
    }

    /**
     * The request may go; {@link Ticket#answered()} or {@link Ticket#abandoned()} must follow once (further calls
     * are ignored).
     */
    public record Admitted(Ticket ticket) implements Decision {
    }

    /**
     * @param retryAfterSeconds when the hop is expected to take requests again (for the 5.03's Max-Age), at least 1
     * @param reason for the diagnostic payload, naming the setting that refused
     */
    public record Refused(long retryAfterSeconds, String reason) implements Decision {
    }

    /** One admitted request. */
    public final class Ticket {
        private final HopLoad hop;
        private final long sentAt;
        private final AtomicBoolean open = new AtomicBoolean(true);

        private Ticket(HopLoad hop, long sentAt) {
            this.hop = hop;
            this.sentAt = sentAt;
        }

        /** The (first) answer came: a sample of the hop's speed. */
        public void answered() {
            end(true);
        }

        /** The request ended without an answer (timeout, cancel, not sent): no longer in flight. */
        public void abandoned() {
            end(false);
        }

        private void end(boolean answered) {
            if (open.compareAndSet(true, false)) {
                synchronized (lock) {
                    long now = clock.millis();
                    hop.done(now, answered ? now - sentAt : -1);
                }
            }
        }
    }

    private final Clock clock;
    private final long maxWaitMillis;
    private final int maxPerHop;
    private final long latencyWindowMillis;
    private final Object lock = new Object();
    private final Map<String, HopLoad> hops = new HashMap<>();
    private final LongAdder refused = new LongAdder();

    /**
     * @param maxWaitMillis the longest estimated wait behind other requests a request is admitted with
     * @param maxPerHop requests in flight to one next hop, at most
     * @param latencyWindowMillis how long the shortest answer time counts as the path's latency
     */
    public Admission(Clock clock, long maxWaitMillis, int maxPerHop, long latencyWindowMillis) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxWaitMillis = maxWaitMillis;
        this.maxPerHop = maxPerHop;
        this.latencyWindowMillis = latencyWindowMillis;
    }

    /**
     * @param hop the next hop's address text
     * @param timeoutMillis the request's own timeout: a request that would be answered later is refused too
     */
    public Decision admit(String hop, long timeoutMillis) {
        synchronized (lock) {
            HopLoad load = hops.computeIfAbsent(hop, h -> new HopLoad(latencyWindowMillis));
            long now = clock.millis();
            if (load.inFlight() >= maxPerHop) {
                refused.increment();
                return new Refused(1, maxPerHop + " requests in flight to " + hop
                        + " (" + RemoteQueryOptions.ADMISSION_MAX_PER_HOP + ")");
            }
            double wait = load.queueingMillis();
            double answer = wait + load.latencyMillis(now);
            // With nothing in flight a request is always tried: refusing it would not make a slow path faster.
            if (load.inFlight() > 0 && (wait > maxWaitMillis || answer > timeoutMillis)) {
                refused.increment();
                return new Refused(retryAfterSeconds(Math.max(wait - maxWaitMillis, answer - timeoutMillis)),
                        "an answer from " + hop + " would take about " + Math.round(answer) + " ms, "
                                + Math.round(wait) + " of them waiting behind " + load.inFlight()
                                + " requests (" + RemoteQueryOptions.ADMISSION_MAX_WAIT + "=" + maxWaitMillis
                                + ", request timeout " + timeoutMillis + " ms)");
            }
            load.sent();
            return new Admitted(new Ticket(load, now));
        }
    }

    /** Requests refused since this gateway started. */
    public long refusedCount() {
        return refused.sum();
    }

    /** Requests in flight to a next hop (0 for a hop never used). */
    public int inFlight(String hop) {
        synchronized (lock) {
            HopLoad load = hops.get(hop);
            return load == null ? 0 : load.inFlight();
        }
    }

    /** The estimated answer time of a request sent now to a next hop. */
    public long estimatedAnswerMillis(String hop) {
        synchronized (lock) {
            HopLoad load = hops.get(hop);
            return load == null ? 0 : Math.round(load.latencyMillis(clock.millis()) + load.queueingMillis());
        }
    }

    /** The time the excess backlog takes to drain, in whole seconds (CoAP's Max-Age unit), at least 1. */
    private static long retryAfterSeconds(double excessMillis) {
        return Math.max(1, (long) Math.ceil(excessMillis / 1000.0));
    }
}
