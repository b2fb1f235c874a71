package io.coaptree.mqtt.connection;

import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.coaptree.mqtt.transport.ReconnectBackoff;

/**
 * When the next connection attempt runs: on a connector thread of its own, at once or after the backoff's next
 * delay, never two pending at a time. Not thread-safe: {@link BrokerConnection} calls it holding its lock, except
 * {@link #runOnConnector}.
 */
final class ReconnectSchedule {

    private final ScheduledExecutorService connector;
    private final Runnable attempt;
    private ReconnectBackoff backoff;
    private ScheduledFuture<?> pending;

    /** @param attempt one connection attempt; it calls {@link #attemptStarted()} first */
    ReconnectSchedule(Runnable attempt) {
        this.attempt = attempt;
        this.connector = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread t = new Thread(runnable, "coaptree-mqtt-connector");
            t.setDaemon(true);
            return t;
        });
    }

    /** Delays from now on: doubling from {@code initialMillis} up to {@code maxMillis}, with jitter. */
    void useDelays(long initialMillis, long maxMillis) {
        backoff = new ReconnectBackoff(initialMillis, maxMillis, new Random());
    }

    void now() {
        schedule(0);
    }

    /** Schedules the next attempt after a failed or lost connection; the delay it waits. */
    long afterFailure() {
        long delay = backoff.nextDelayMillis();
        schedule(delay);
        return delay;
    }

    /** Connected: the next failure waits the initial delay again. */
    void connected() {
        backoff.reset();
    }

    /** The pending attempt runs: a new one may be scheduled. */
    void attemptStarted() {
        pending = null;
    }

    void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    /** No attempt from now on. */
    void stop() {
        connector.shutdownNow();
    }

    /**
     * Runs {@code task} on the connector thread, unless stopped: for Paho's threads, which must not wait for the
     * lock a connection attempt may hold.
     */
    void runOnConnector(Runnable task) {
        if (connector.isShutdown()) {
            return;
        }
        try {
            connector.execute(task);
        } catch (RejectedExecutionException stopping) {
            // stop() shut the connector down meanwhile: nothing to reconnect
        }
    }

    private void schedule(long delayMillis) {
        if (connector.isShutdown() || (pending != null && !pending.isDone())) {
            return;
        }
        pending = connector.schedule(attempt, delayMillis, TimeUnit.MILLISECONDS);
    }
}
