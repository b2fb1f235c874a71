package io.coaptree.tree.delivery;

import io.coaptree.tree.bus.DeliveryClass;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * A gateway's delivery machinery, one per configuration of the tree handler, shared by every bus of the gateway:
 * <ul>
 * <li>inbound: arrivals leave the MQTT client's delivery thread at once for a {@link ClassedQueue}, from which
 * up to {@code delivery.workers} handlers open and handle them in parallel (control first, normal never starved);
 * work with an order key runs one at a time per key, in arrival order;</li>
 * <li>outbound: publishes wait in a second {@link ClassedQueue} for the one sender, so that an urgent or
 * control message overtakes queued normal ones while the transport's in-flight window is full;</li>
 * <li>batching: {@link #batching} wraps a sealed bus so normal messages to a busy next hop share one seal and one
 * publish, flushed on time by this delivery's timer.</li>
 * </ul>
 * What a full queue cannot take is dropped and counted ({@link #dropped}), never blocks its producer. Handlers,
 * sender and timer run on {@link DeliveryThreads}: the gateway's own, or executors shared by many gateways.
 */
public final class GatewayDelivery implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayDelivery.class);

    /** How long closing waits for queued publishes to be sent. */
    static final long DRAIN_MILLIS = 2_000;

    private final DeliveryTuning options;
    private final Map<DeliveryClass, Integer> capacities;
    private final ClassedQueue<Task> inbound;
    private final ClassedQueue<Runnable> outbound;
    private final DeliveryThreads threads;
    private final QueueDrainers<Task> handlers;
    private final QueueDrainers<Runnable> sender;
    /** Order keys being handled, with the work that arrived for them meanwhile; guarded by itself. */
    private final Map<String, ArrayDeque<Task>> busyKeys = new HashMap<>();
    private final Map<DeliveryClass, AtomicLong> inboundDropped = new EnumMap<>(DeliveryClass.class);
    private final Map<DeliveryClass, AtomicLong> outboundDropped = new EnumMap<>(DeliveryClass.class);
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean closed;

    private record Task(DeliveryClass deliveryClass, String orderKey, Runnable work) {
    }

    /** @param name names the delivery's own threads ({@code <name>-in-1}, {@code <name>-out}, {@code <name>-batch}) */
    public GatewayDelivery(DeliveryTuning options, String name) {
        this(options, DeliveryThreads.own(name, options.workers()));
    }

    public GatewayDelivery(DeliveryTuning options, DeliveryThreads threads) {
        this.options = Objects.requireNonNull(options, "options");
        this.threads = Objects.requireNonNull(threads, "threads");
        capacities = options.capacities();
        inbound = new ClassedQueue<>(options.capacities(), options.normalEvery());
        outbound = new ClassedQueue<>(options.capacities(), options.normalEvery());
        for (DeliveryClass c : DeliveryClass.values()) {
            inboundDropped.put(c, new AtomicLong());
            outboundDropped.put(c, new AtomicLong());
        }
        handlers = new QueueDrainers<>(threads.handlers(), options.workers(), inbound::poll,
                () -> inbound.size() == 0, this::handle, () -> closed);
        // the sender drains what was queued before closing: a leave is published just before
        sender = new QueueDrainers<>(threads.sender(), 1, outbound::poll, () -> outbound.size() == 0, this::run,
                () -> false);
    }

    public DeliveryTuning options() {
        return options;
    }

    /**
     * Queues the handling of an arrival.
     *
     * @param orderKey work with the same key runs one at a time in the order given; null for any order
     * @return false if the class's queue is full (the caller counts the message as refused)
     */
    public boolean inbound(DeliveryClass deliveryClass, String orderKey, Runnable work) {
        Task task = new Task(deliveryClass, orderKey, Objects.requireNonNull(work, "work"));
        boolean queued;
        if (orderKey == null) {
            queued = inbound.offer(deliveryClass, task);
        } else {
            // The order is fixed here, at arrival: work for a key that is queued or running waits behind it.
            synchronized (busyKeys) {
                ArrayDeque<Task> waiting = busyKeys.get(orderKey);
                if (waiting != null) {
                    queued = waiting.size() < capacities.get(deliveryClass) && waiting.add(task);
                } else {
                    queued = inbound.offer(deliveryClass, task);
                    if (queued) {
                        busyKeys.put(orderKey, new ArrayDeque<>());
                    }
                }
            }
        }
        if (queued) {
            handlers.arrived();
        } else {
            inboundDropped.get(deliveryClass).incrementAndGet();
        }
        return queued;
    }

    /** Queues a publish for the sender thread; false (counted, logged) if the class's queue is full. */
    public boolean outbound(DeliveryClass deliveryClass, Runnable publish) {
        Objects.requireNonNull(publish, "publish");
        if (closed) {
            return false;
        }
        boolean queued = outbound.offer(deliveryClass, publish);
        if (queued) {
            sender.arrived();
        } else {
            long n = outboundDropped.get(deliveryClass).incrementAndGet();
            // Powers of two: a lasting overload writes a few lines, not one per message.
            if (Long.bitCount(n) == 1) {
                LOG.warn("the outbound {} queue is full: {} publishes dropped so far", deliveryClass.label(), n);
            }
        }
        return queued;
    }

    /**
     * Whether a publish of this class would be queued now. For a producer that can still answer "later", such as a
     * device's POST: asked first, it refuses what {@link #outbound} would drop after the device was told it is
     * taken. Two producers may both see the last place; the loser's publish is dropped and counted as usual.
     */
    public boolean hasOutboundRoom(DeliveryClass deliveryClass) {
        return !closed && outbound.size(deliveryClass) < capacities.get(deliveryClass);
    }

    /** The bus that batches normal publishes over {@code sealed} (itself if batching is off). */
    public MessageBus batching(MessageBus sealed, DroppedMessages droppedMessages, int maxRecordBytes) {
        return new BatchingMessageBus(sealed, options.batchEnabled() ? new BatchAssembler(options) : null,
                threads.timer(), droppedMessages, options.batchMaxRecords(), maxRecordBytes);
    }

    /** Arrivals dropped because their class's inbound queue was full. */
    public long dropped(DeliveryClass deliveryClass) {
        return inboundDropped.get(deliveryClass).get();
    }

    /** Publishes dropped because their class's outbound queue was full. */
    public long droppedOutbound(DeliveryClass deliveryClass) {
        return outboundDropped.get(deliveryClass).get();
    }

    private void handle(Task task) {
        run(task.work());
        if (task.orderKey() != null) {
            releaseKey(task.orderKey());
        }
    }

    /** Queues the next work of the key (in its class, behind what is queued there), or frees the key. */
    private void releaseKey(String orderKey) {
        synchronized (busyKeys) {
            ArrayDeque<Task> waiting = busyKeys.get(orderKey);
            Task next = waiting.pollFirst();
            while (next != null && !inbound.offer(next.deliveryClass(), next)) {
                inboundDropped.get(next.deliveryClass()).incrementAndGet();
                next = waiting.pollFirst();
            }
            if (next == null) {
                busyKeys.remove(orderKey);
                return;
            }
        }
        handlers.arrived();
    }

    /**
     * The last line of defence of the delivery's handlers and sender: the buses count what a message's handling
     * throws ({@code failed}); anything that still gets here, an {@link Error} included, must not end the drain, or
     * the gateway would stop reading the tree (or publishing to it) for good.
     */
    private void run(Runnable work) {
        try {
            work.run();
        } catch (Throwable e) {
            long n = failures.incrementAndGet();
            // Powers of two: a lasting fault writes a few lines, not one per message.
            if (Long.bitCount(n) == 1) {
                LOG.warn("handling a message or publish failed ({} so far): {}", n, e.toString());
            }
        }
    }

    /** Work that threw past its bus (a defect): counted here, the thread went on. */
    public long failures() {
        return failures.get();
    }

    /**
     * Stops: arrivals not yet handled are dropped (the tree is being stopped or reconfigured), publishes already
     * queued are still sent for up to {@value #DRAIN_MILLIS} ms (a leave is published just before this).
     */
    @Override
    public void close() {
        closed = true;
        inbound.close();
        outbound.close();
        threads.stopHandlers();
        try {
            sender.awaitIdle(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        threads.stopSender();
    }
}
