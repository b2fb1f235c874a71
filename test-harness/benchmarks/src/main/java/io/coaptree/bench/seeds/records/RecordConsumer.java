package io.coaptree.bench.seeds.records;

import java.time.Duration;
import java.util.List;

import org.HdrHistogram.Histogram;

/** Where the records of a {@link RecordPipeline} arrive at the root, and what each step delivered. */
public interface RecordConsumer extends AutoCloseable {

    /** What one step delivered. */
    record Delivered(long records, Histogram latencyMicros, List<Double> sendOffsetsSeconds,
            List<Long> latenciesMicros) {
    }

    /** Starts counting a new step's records; {@code onRecord} runs for each new one (the progress bar). */
    void beginStep(int step, int devices, long startNanos, Runnable onRecord);

    /** Waits until {@code expected} records arrived or {@code quiet} passed without a new one. */
    void awaitDrained(long expected, Duration quiet) throws InterruptedException;

    /** The step's records, and stops counting. */
    Delivered endStep();

    @Override
    void close();
}
