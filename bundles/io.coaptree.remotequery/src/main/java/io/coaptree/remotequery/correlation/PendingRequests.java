package io.coaptree.remotequery.correlation;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.PriorityQueue;
import java.util.concurrent.ThreadLocalRandom;

import io.coaptree.codec.CoapEnvelope;

/**
 * Requests sent to the next hop and not answered yet, by correlation id. Each has a deadline; {@link #sweep()},
 * called from the gateway's one scheduler tick, expires the overdue ones. There is no timer or thread per
 * request: a deadline is an entry in a priority queue.
 * <p>
 * An entry may stay open after a response: its owner's {@link Lease} says for how long (an Observe relation lives
 * on as long as notifications renew its lease, see {@code observe.ObserveRelays}); otherwise the response closes it.
 * Every entry names the one gateway it was sent to: only a response whose sender is that gateway is handed to it
 * (with direct routes any gateway may publish on any reply topic, so a correlation id alone would let one stolen
 * gateway key answer what was asked of another). A response from anyone else leaves the entry waiting for the true
 * answer. Thread-safe; completions run outside the lock.
 */
public final class PendingRequests {

    /** What becomes of a pending request. */
    public interface Completion {
        /** A response or notification arrived (may be called several times for an Observe relation). */
        void onResponse(CoapEnvelope response);

        /** No (further) response came before the deadline or lease ran out. */
        void onTimeout();

        /** The request was forgotten through {@link PendingRequests#cancel} (called by whoever cancelled it). */
        default void onCancelled() {
        }
    }

    /** How long an entry stays open after a response; asked under the lock, so it must be quick and pure. */
    @FunctionalInterface
    public interface Lease {
        /** What {@link #after} answers for a response that closes the entry. */
        long CLOSE = -1;

        /** @return milliseconds the entry stays open after {@code response}, or {@link #CLOSE} */
        long after(CoapEnvelope response);
    }

    /** What became of a response handed to {@link #deliver}. */
    public enum Delivery {
        /** Handed to the request it answers. */
        DELIVERED,
        /** No request is open under its correlation id (late, cancelled, or never sent). */
        UNKNOWN,
        /** A request is open under its correlation id, but was sent to another gateway: dropped, the request waits on. */
        WRONG_SENDER
    }

    private static final class Entry {
        final long id;
        final String sentTo;
        final Completion completion;
        long deadline;

        Entry(long id, String sentTo, Completion completion, long deadline) {
            this.id = id;
            this.sentTo = sentTo;
            this.completion = completion;
            this.deadline = deadline;
        }
    }

    private record Deadline(long at, long id) {
    }

    private final Clock clock;
    private final int maxPending;
    private final Lease lease;
    private final Object lock = new Object();
    private final Map<Long, Entry> entries = new HashMap<>();
    private final PriorityQueue<Deadline> deadlines = new PriorityQueue<>(
            (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.id, b.id));
    private long nextId = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2);

    public PendingRequests(Clock clock, int maxPending, Lease lease) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxPending = maxPending;
        this.lease = Objects.requireNonNull(lease, "lease");
    }

    /**
     * Registers a request; returns its correlation id, or empty when {@code maxPending} are already open.
     *
     * @param sentTo the node address (text) of the gateway the request is sent to: the only sender whose responses
     *            it accepts
     */
    public OptionalLong open(long timeoutMillis, String sentTo, Completion completion) {
        Objects.requireNonNull(sentTo, "sentTo");
        Objects.requireNonNull(completion, "completion");
        synchronized (lock) {
            if (entries.size() >= maxPending) {
                return OptionalLong.empty();
            }
            long id = nextId++;
            long deadline = clock.millis() + timeoutMillis;
            entries.put(id, new Entry(id, sentTo, completion, deadline));
            deadlines.add(new Deadline(deadline, id));
            return OptionalLong.of(id);
        }
    }

    /**
     * Hands a response to the request with its correlation id, if the response's sender is the gateway that request
     * was sent to.
     */
    public Delivery deliver(CoapEnvelope response) {
        Entry entry;
        synchronized (lock) {
            entry = entries.get(response.correlationId());
            if (entry == null) {
                return Delivery.UNKNOWN;
            }
            if (!entry.sentTo.equals(response.sourceNode())) {
                return Delivery.WRONG_SENDER;
            }
            long openFor = lease.after(response);
            if (openFor != Lease.CLOSE) {
                entry.deadline = clock.millis() + openFor;
                deadlines.add(new Deadline(entry.deadline, entry.id));
            } else {
                entries.remove(entry.id);
            }
        }
        entry.completion.onResponse(response);
        return Delivery.DELIVERED;
    }

    /** The gateway the open request {@code id} was sent to, if one is open under that id. */
    public Optional<String> sentTo(long id) {
        synchronized (lock) {
            Entry entry = entries.get(id);
            return entry == null ? Optional.empty() : Optional.of(entry.sentTo);
        }
    }

    /** Forgets a request without completing it (an Observe relation the client cancelled). */
    public Optional<Completion> cancel(long id) {
        synchronized (lock) {
            Entry entry = entries.remove(id);
            return entry == null ? Optional.empty() : Optional.of(entry.completion);
        }
    }

    /** Expires overdue requests; returns how many. */
    public int sweep() {
        List<Completion> expired = new ArrayList<>();
        synchronized (lock) {
            long now = clock.millis();
            while (!deadlines.isEmpty() && deadlines.peek().at <= now) {
                Deadline d = deadlines.poll();
                Entry entry = entries.get(d.id);
                // A renewed lease left an older deadline in the queue: only the current one counts.
                if (entry != null && entry.deadline == d.at) {
                    entries.remove(d.id);
                    expired.add(entry.completion);
                }
            }
            if (deadlines.size() > 4 * entries.size() + 64) {
                deadlines.clear();
                entries.values().forEach(e -> deadlines.add(new Deadline(e.deadline, e.id)));
            }
        }
        expired.forEach(Completion::onTimeout);
        return expired.size();
    }

    /**
     * Forgets every pending request and returns their completions, for the owner to answer them itself (a gateway
     * that stops its remote queries answers what it still waits for, instead of leaving the callers to time out).
     */
    public List<Completion> drain() {
        synchronized (lock) {
            List<Completion> drained = new ArrayList<>();
            entries.values().forEach(e -> drained.add(e.completion));
            entries.clear();
            deadlines.clear();
            return drained;
        }
    }

    public int size() {
        synchronized (lock) {
            return entries.size();
        }
    }
}
