package io.coaptree.bench.seeds.records;

import java.time.Duration;

/** A consumer that counts what reaches it with a {@link DeliveryTally}: subclasses call {@link #arrived}. */
abstract class TalliedConsumer implements RecordConsumer {

    private final DeliveryTally tally = new DeliveryTally();

    /** A record's payload, as it arrived now. */
    protected final void arrived(byte[] payload) {
        tally.arrived(payload);
    }

    @Override
    public void beginStep(int step, int devices, long startNanos, Runnable onRecord) {
        tally.beginStep(step, devices, startNanos, onRecord);
    }

    @Override
    public void awaitDrained(long expected, Duration quiet) throws InterruptedException {
        tally.awaitDrained(expected, quiet);
    }

    @Override
    public Delivered endStep() {
        return tally.endStep();
    }
}
