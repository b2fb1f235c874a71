package io.coaptree.telemetry.uplink;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

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
 */
public final class UplinkQueue implements RecordIntake, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UplinkQueue.class);
    /** Urgent records are rare by design; normal ones take the configured capacity. */
    private static final int NORMAL_SHARE_EVERY = 4;

    private final String gateway;
    private final RecordSink sink;
    private final ClassedQueue<Queued> queue;
    private final Thread worker;
    private final IntakeCounters counters;
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

    private void run() {
        while (!closed) {
            Queued next;
            try {
                next = queue.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (next == null) {
                continue;
            }
            try {
                sink.deliver(next.gateway(), next.record(), next.deliveryClass());
            } catch (RuntimeException e) {
                LOG.warn("telemetry of {}: a record could not be handed on", gateway, e);
            }
        }
    }

    /** Stops the thread; what still waits is dropped (the component is being stopped or reconfigured). */
    @Override
    public void close() {
        closed = true;
        queue.close();
        worker.interrupt();
    }
}
