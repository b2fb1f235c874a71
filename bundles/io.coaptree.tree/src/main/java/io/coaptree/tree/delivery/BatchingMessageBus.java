package io.coaptree.tree.delivery;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * A {@link MessageBus} above the sealing one that packs normal publishes to a busy topic into batches
 * ({@link BatchAssembler}, {@link BatchFrame}): a batch is sealed once. Urgent and control publishes pass straight
 * through. What it receives is unpacked with the same limits as a single message, each record handed on alone
 * with the sender the batch's seal proved; a malformed batch is refused whole (counted and logged as
 * {@code undecodable}) and nothing in it is acted on, while what came before and after it is handled as usual.
 */
public final class BatchingMessageBus implements MessageBus {

    private final MessageBus sealed;
    private final BatchAssembler assembler;
    private final ScheduledExecutorService timer;
    private final DroppedMessages droppedMessages;
    private final int maxRecords;
    private final int maxRecordBytes;
    private final AtomicLong publishes = new AtomicLong();
    private final AtomicLong records = new AtomicLong();
    /** The flush scheduled for the oldest waiting batch, and when it runs; guarded by this. */
    private ScheduledFuture<?> flush;
    private long flushAt = Long.MAX_VALUE;

    /**
     * @param assembler null: publishes are never batched (received batches are still unpacked)
     * @param maxRecordBytes the largest record, as for a single message on the topic
     */
    public BatchingMessageBus(MessageBus sealed, BatchAssembler assembler, ScheduledExecutorService timer,
            DroppedMessages droppedMessages, int maxRecords, int maxRecordBytes) {
        this.sealed = Objects.requireNonNull(sealed, "sealed");
        this.assembler = assembler;
        this.timer = Objects.requireNonNull(timer, "timer");
        this.droppedMessages = Objects.requireNonNull(droppedMessages, "droppedMessages");
        this.maxRecords = maxRecords;
        this.maxRecordBytes = maxRecordBytes;
    }

    @Override
    public void publish(String topic, byte[] payload) {
        publish(topic, payload, DeliveryClass.NORMAL);
    }

    @Override
    public void publish(String topic, byte[] payload, DeliveryClass deliveryClass) {
        if (assembler == null || deliveryClass != DeliveryClass.NORMAL) {
            send(topic, payload, 1, deliveryClass);
            return;
        }
        sendAll(assembler.add(topic, payload, System.currentTimeMillis()));
        scheduleFlush();
    }

    /** MQTT publishes made (a batch counts once). */
    public long publishes() {
        return publishes.get();
    }

    /** Messages published (each record of a batch counts). */
    public long records() {
        return records.get();
    }

    private void sendAll(List<BatchAssembler.Outgoing> outgoing) {
        for (BatchAssembler.Outgoing o : outgoing) {
            send(o.topic(), o.payload(), o.records(), DeliveryClass.NORMAL);
        }
    }

    private void send(String topic, byte[] payload, int count, DeliveryClass deliveryClass) {
        publishes.incrementAndGet();
        records.addAndGet(count);
        sealed.publish(topic, payload, deliveryClass);
    }

    private synchronized void scheduleFlush() {
        long due = assembler.nextDueMillis();
        if (due == Long.MAX_VALUE || due >= flushAt) {
            return;
        }
        if (flush != null) {
            flush.cancel(false);
        }
        flushAt = due;
        long delay = Math.max(0, due - System.currentTimeMillis());
        try {
            flush = timer.schedule(this::flushDue, delay, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            flushAt = Long.MAX_VALUE; // stopping: what waits is dropped with the gateway's queues
        }
    }

    private void flushDue() {
        synchronized (this) {
            flush = null;
            flushAt = Long.MAX_VALUE;
        }
        sendAll(assembler.due(System.currentTimeMillis()));
        scheduleFlush();
    }

    @Override
    public void subscribe(String topicFilter, MessageHandler handler) {
        sealed.subscribe(topicFilter, new Unpacking(Objects.requireNonNull(handler, "handler")));
    }

    @Override
    public void unsubscribe(String topicFilter) {
        sealed.unsubscribe(topicFilter);
    }

    private final class Unpacking implements MessageHandler {
        private final MessageHandler handler;

        Unpacking(MessageHandler handler) {
            this.handler = handler;
        }

        @Override
        public void onMessage(String topic, byte[] payload) {
            onMessage(topic, payload, null);
        }

        @Override
        public void onMessage(String topic, byte[] payload, String authenticatedSender) {
            if (!BatchFrame.isBatch(payload)) {
                deliver(topic, payload, authenticatedSender);
                return;
            }
            List<byte[]> unpacked;
            try {
                unpacked = BatchFrame.decode(payload, maxRecords, maxRecordBytes);
            } catch (MalformedBatchException e) {
                droppedMessages.drop(DropReason.UNDECODABLE, topic, authenticatedSender, payload.length,
                        "batch refused whole: " + e.getMessage());
                return;
            }
            for (byte[] record : unpacked) {
                deliver(topic, record, authenticatedSender);
            }
        }

        private void deliver(String topic, byte[] record, String authenticatedSender) {
            if (authenticatedSender == null) {
                handler.onMessage(topic, record);
            } else {
                handler.onMessage(topic, record, authenticatedSender);
            }
        }
    }
}
