package io.coaptree.telemetry.uplink;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.delivery.ClassedQueue;

/**
 * The intake of a gateway's telemetry towards a destination that does not queue by class itself (a Kura
 * CloudPublisher, the root's feed, and what the root receives from the tree): records wait here by class (urgent
 * first, normal never starved: the tree's {@link ClassedQueue}) for ONE thread named after the gateway
 * ({@code telemetry-<node>}) that hands them on, so the threads that take records in only queue them. A full class
 * refuses the record (a device is answered 5.03), never blocks.
 * <p>
 * A record the destination cannot take now (a Kura cloud connection refuses while its store is full) was answered
 * 2.04 already, so it is kept, first in line, and offered again after a pause that doubles from
 * {@value #FIRST_RETRY_MILLIS} ms to {@value #LAST_RETRY_MILLIS} ms while the refusals last; meanwhile the queue
 * fills and devices hear 5.03 when it is full. Records keep their order through a refusal.
 */
public final class UplinkQueue implements RecordIntake, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UplinkQueue.class);
    /** Urgent records are rare by design; normal ones take the configured capacity. */
    private static final int NORMAL_SHARE_EVERY = 4;
    static final long FIRST_RETRY_MILLIS = 50;
    /** A Kura store makes room when its housekeeper runs (every 15 minutes by default): a second late is nothing. */
    static final long LAST_RETRY_MILLIS = 1000;

    private final String gateway;
    private final RecordSink sink;
    private final ClassedQueue<Queued> queue;
    private final Thread worker;
    private final IntakeCounters counters;
    private final AtomicLong deferrals = new AtomicLong();
    /** The record the destination refused last, kept to be offered again; only the worker writes it. */
    private volatile Queued held;
    private volatile boolean closed;

    private record Queued(String gateway, TelemetryRecord record, DeliveryClass deliveryClass) {
    }

    /** @param gateway this gateway's node address; names the thread after its last level */
    public UplinkQueue(String gateway, int capacity, RecordSink sink) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.counters = new IntakeCounters(gateway);
        Map<DeliveryClass, Integer> capacities = new EnumMap<>(DeliveryClass.class);
        for (DeliveryClass c : DeliveryClass.values()) {
            capacities.put(c, capacity);
        }
        this.queue = new ClassedQueue<>(capacities, NORMAL_SHARE_EVERY);
        this.worker = new Thread(this::run, "telemetry-" + gateway.substring(gateway.lastIndexOf('/') + 1));
        worker.setDaemon(true);
        worker.start();
    }

    /** Queues a record this gateway took in; {@link IntakeResult#QUEUE_FULL} if the class's queue is full (counted). */
    @Override
    public IntakeResult offer(TelemetryRecord record, DeliveryClass deliveryClass) {
        return offer(gateway, record, deliveryClass);
    }

    /** Queues a record another gateway took in (the root's receiver). */
    public IntakeResult offer(String takenInBy, TelemetryRecord record, DeliveryClass deliveryClass) {
        boolean taken = !closed && queue.offer(deliveryClass, new Queued(takenInBy, record, deliveryClass));
        return counters.count(taken ? IntakeResult.ACCEPTED : IntakeResult.QUEUE_FULL);
    }

    @Override
    public IntakeCounters counters() {
        return counters;
    }

    /** Records taken in and not handed on yet: queued, or kept after the destination refused them for now. */
    public int waiting() {
        return queue.size() + (held == null ? 0 : 1);
    }

    /** How many times the destination said it could not take a record now. */
    public long deferrals() {
        return deferrals.get();
    }

    private void run() {
        long pause = FIRST_RETRY_MILLIS;
        while (!closed) {
            Queued next = held;
            try {
                if (next == null) {
                    next = queue.poll(1, TimeUnit.SECONDS);
                } else {
                    Thread.sleep(pause);
                    pause = Math.min(pause * 2, LAST_RETRY_MILLIS);
                }
            } catch (InterruptedException e) {
                return;
            }
            if (next == null) {
                continue;
            }
            if (handOn(next)) {
                held = null;
                pause = FIRST_RETRY_MILLIS;
            } else {
                held = next;
                deferrals.incrementAndGet();
            }
        }
    }

    /** False if the destination cannot take the record now; a record it throws on is dropped, not retried forever. */
    private boolean handOn(Queued next) {
        try {
            return sink.deliver(next.gateway(), next.record(), next.deliveryClass());
        } catch (RuntimeException e) {
            LOG.warn("telemetry of {}: a record could not be handed on", gateway, e);
            return true;
        }
    }

    /**
     * Stops the thread; what still waits, a kept record too, is dropped (the component is being stopped or
     * reconfigured).
     */
    @Override
    public void close() {
        closed = true;
        queue.close();
        worker.interrupt();
    }
}
