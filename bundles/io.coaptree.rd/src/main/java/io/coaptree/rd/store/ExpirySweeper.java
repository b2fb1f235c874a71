package io.coaptree.rd.store;

import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one periodic task that expires a whole {@link RegistrationStore}, at the store's sweepInterval. It runs on a
 * scheduler the caller owns (typically the single scheduler of the CoAP adapter), so the directory adds no thread
 * of its own however many registrations it holds.
 */
public final class ExpirySweeper implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ExpirySweeper.class);

    private final ScheduledFuture<?> task;

    private ExpirySweeper(ScheduledFuture<?> task) {
        this.task = task;
    }

    /** Schedules {@link RegistrationStore#sweepExpired()} every {@code store.options().sweepInterval()}. */
    public static ExpirySweeper start(RegistrationStore store, ScheduledExecutorService scheduler) {
        Objects.requireNonNull(store, "store");
        long interval = store.options().sweepInterval().toMillis();
        return new ExpirySweeper(scheduler.scheduleWithFixedDelay(() -> sweep(store), interval, interval,
                TimeUnit.MILLISECONDS));
    }

    private static void sweep(RegistrationStore store) {
        // A periodic task that throws is silently never run again: expiry would stop for good.
        try {
            int removed = store.sweepExpired();
            if (removed > 0) {
                LOG.debug("Expired {} registrations", removed);
            }
        } catch (RuntimeException e) {
            LOG.error("Registration sweep failed; retrying at the next interval", e);
        }
    }

    /** Cancels the task; the scheduler stays the caller's to shut down. */
    @Override
    public void close() {
        task.cancel(false);
    }
}
