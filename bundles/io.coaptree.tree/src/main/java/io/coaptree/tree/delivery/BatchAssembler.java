package io.coaptree.tree.delivery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Packs normal messages to the same topic (one next hop) into batches, adaptively: per topic it counts messages in
 * windows of {@code rateWindowMillis}; batching switches on as soon as the count in a window reaches the on-rate,
 * and off at the end of a window whose rate stayed below the off-rate. While it is off every message leaves at once
 * on its own. While on, a batch leaves when one more record would take it over {@code maxBytes} or
 * {@code maxRecords}, or {@code maxWaitMillis} after its first record (the caller asks {@link #due} by
 * {@link #nextDueMillis}). A batch of one record leaves as that record, without the batch frame. Plain logic: the
 * caller passes the time and publishes what comes back. Thread-safe.
 */
public final class BatchAssembler {

    private final int maxBytes;
    private final int maxRecords;
    private final long maxWaitMillis;
    private final double onRate;
    private final double offRate;
    private final long rateWindowMillis;
    private final Map<String, TopicState> topics = new HashMap<>();

    public BatchAssembler(DeliveryTuning options) {
        this.maxBytes = options.batchMaxBytes();
        this.maxRecords = options.batchMaxRecords();
        this.maxWaitMillis = options.batchMaxWaitMillis();
        this.onRate = options.batchOnRate();
        this.offRate = options.batchOffRate();
        this.rateWindowMillis = options.batchRateWindowMillis();
    }

    /** One publish: a single message or a batch, and how many messages it carries. */
    public record Outgoing(String topic, byte[] payload, int records) {
    }

    /** Takes one normal message; returns what must be published now (in this order), possibly nothing. */
    public synchronized List<Outgoing> add(String topic, byte[] record, long nowMillis) {
        TopicState state = topics.computeIfAbsent(topic, t -> new TopicState(nowMillis));
        List<Outgoing> out = new ArrayList<>(2);
        state.count(nowMillis, out, topic);
        if (!state.batching || BatchFrame.encodedSize(List.of(record)) > maxBytes) {
            state.flushInto(topic, out);
            out.add(new Outgoing(topic, record, 1));
            return out;
        }
        if (!state.records.isEmpty() && (state.records.size() >= maxRecords
                || state.bytes + BatchFrame.growth(state.records.size(), record.length) > maxBytes)) {
            state.flushInto(topic, out);
        }
        if (state.records.isEmpty()) {
            state.firstAt = nowMillis;
            state.bytes = BatchFrame.encodedSize(List.of());
        }
        state.bytes += BatchFrame.growth(state.records.size(), record.length);
        state.records.add(record);
        if (state.bytes == maxBytes || state.records.size() == maxRecords) {
            state.flushInto(topic, out);
        }
        return out;
    }

    /** The batches whose wait is over at {@code nowMillis}; forgets topics that went quiet. */
    public synchronized List<Outgoing> due(long nowMillis) {
        List<Outgoing> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, TopicState>> it = topics.entrySet().iterator(); it.hasNext();) {
            Map.Entry<String, TopicState> e = it.next();
            TopicState state = e.getValue();
            if (!state.records.isEmpty() && nowMillis - state.firstAt >= maxWaitMillis) {
                state.flushInto(e.getKey(), out);
            }
            if (state.records.isEmpty() && nowMillis - state.windowStart >= 2 * rateWindowMillis) {
                it.remove();
            }
        }
        return out;
    }

    /** When the oldest waiting batch is due, or {@link Long#MAX_VALUE} if none waits. */
    public synchronized long nextDueMillis() {
        long next = Long.MAX_VALUE;
        for (TopicState state : topics.values()) {
            if (!state.records.isEmpty()) {
                next = Math.min(next, state.firstAt + maxWaitMillis);
            }
        }
        return next;
    }

    /** Whether messages to {@code topic} are being batched now. */
    public synchronized boolean batching(String topic) {
        TopicState state = topics.get(topic);
        return state != null && state.batching;
    }

    private final class TopicState {
        long windowStart;
        int inWindow;
        boolean batching;
        final List<byte[]> records = new ArrayList<>();
        int bytes;
        long firstAt;

        TopicState(long nowMillis) {
            windowStart = nowMillis;
        }

        /** Counts one message; a window that ended slow switches batching off (sending what waits). */
        void count(long nowMillis, List<Outgoing> out, String topic) {
            long elapsed = nowMillis - windowStart;
            if (elapsed >= rateWindowMillis) {
                // Windows with no message at all count as rate 0.
                double rate = elapsed >= 2 * rateWindowMillis ? 0 : inWindow * 1000.0 / rateWindowMillis;
                if (batching && rate < offRate) {
                    batching = false;
                    flushInto(topic, out);
                }
                windowStart = nowMillis - elapsed % rateWindowMillis;
                inWindow = 0;
            }
            inWindow++;
            if (!batching && inWindow * 1000.0 / rateWindowMillis >= onRate) {
                batching = true;
            }
        }

        void flushInto(String topic, List<Outgoing> out) {
            if (records.isEmpty()) {
                return;
            }
            out.add(records.size() == 1 ? new Outgoing(topic, records.get(0), 1)
                    : new Outgoing(topic, BatchFrame.encode(records), records.size()));
            records.clear();
            bytes = 0;
        }
    }
}
