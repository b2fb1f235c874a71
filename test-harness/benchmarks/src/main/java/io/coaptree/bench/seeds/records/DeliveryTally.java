package io.coaptree.bench.seeds.records;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

/**
 * What a consumer of records counts per step, however the records reach it: each new record's one-way latency (now
 * minus the due time it carries) into a histogram, with its send offset; a record seen twice, or one of another
 * step, is not counted again.
 */
final class DeliveryTally {

    static final long HIGHEST_MICROS = 120_000_000L;

    private final Object lock = new Object();
    private int step = -1;
    private long stepStartNanos;
    private BitSet[] seen = new BitSet[0];
    private Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
    private List<Double> offsets = new ArrayList<>();
    private List<Long> latencies = new ArrayList<>();
    private final AtomicLong delivered = new AtomicLong();
    private volatile Runnable onDelivered = () -> { };

    void beginStep(int newStep, int devices, long startNanos, Runnable onRecord) {
        synchronized (lock) {
            step = newStep;
            stepStartNanos = startNanos;
            seen = new BitSet[devices];
            for (int d = 0; d < devices; d++) {
                seen[d] = new BitSet();
            }
            histogram = new Histogram(HIGHEST_MICROS, 3);
            offsets = new ArrayList<>();
            latencies = new ArrayList<>();
            delivered.set(0);
            onDelivered = onRecord;
        }
    }

    /** Waits until {@code expected} records arrived or {@code quiet} passed without a new one. */
    void awaitDrained(long expected, Duration quiet) throws InterruptedException {
        long last = delivered.get();
        long lastChange = System.nanoTime();
        while (delivered.get() < expected && System.nanoTime() - lastChange < quiet.toNanos()) {
            Thread.sleep(20);
            long now = delivered.get();
            if (now != last) {
                last = now;
                lastChange = System.nanoTime();
            }
        }
    }

    RecordConsumer.Delivered endStep() {
        synchronized (lock) {
            step = -1;
            return new RecordConsumer.Delivered(delivered.get(), histogram.copy(), List.copyOf(offsets),
                    List.copyOf(latencies));
        }
    }

    /** Counts a record's payload as it arrived now; anything that is not a record of this step is ignored. */
    void arrived(byte[] payload) {
        long now = System.nanoTime();
        RecordPayload record = RecordPayload.decode(payload);
        if (record == null) {
            return;
        }
        synchronized (lock) {
            if (record.step() != step || record.device() >= seen.length || seen[record.device()].get(record.sequence())) {
                return;
            }
            seen[record.device()].set(record.sequence());
            long micros = Math.max(1, (now - record.sentNanos()) / 1_000);
            histogram.recordValue(Math.min(micros, HIGHEST_MICROS));
            offsets.add((record.sentNanos() - stepStartNanos) / 1e9);
            latencies.add(micros);
            delivered.incrementAndGet();
        }
        onDelivered.run();
    }
}
