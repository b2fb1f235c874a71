package io.coaptree.tree.delivery;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Empties a queue with at most {@code most} tasks at a time on an {@link Executor}, started only when work arrives
 * and ending when the queue is empty. A gateway's delivery therefore needs no thread of its own: on the gateway its
 * executors are its own few threads (one hand-off per arrival, as a dedicated worker would take), while a host of
 * many gateways (the fleet simulator) shares a handful of threads among all of them, where a busy thread takes the
 * next arrival without being woken at all.
 * <p>
 * No arrival is left behind: a drainer ends only after finding the queue empty under the lock that starting a
 * drainer takes, so an item offered meanwhile is taken either by it or by the drainer that the offer starts.
 */
final class QueueDrainers<T> {

    private final Executor executor;
    private final int most;
    private final Supplier<T> next;
    private final BooleanSupplier empty;
    private final Consumer<T> handler;
    private final BooleanSupplier stopped;
    /** Drainers started and not yet ended; guarded by this. */
    private int running;

    /**
     * @param next the queue's next item without waiting, null when it is empty
     * @param empty whether the queue is empty, without taking anything
     * @param stopped when true, drainers end at once, leaving what is queued
     */
    QueueDrainers(Executor executor, int most, Supplier<T> next, BooleanSupplier empty, Consumer<T> handler,
            BooleanSupplier stopped) {
        if (most < 1) {
            throw new IllegalArgumentException("most: " + most + " is below 1");
        }
        this.executor = Objects.requireNonNull(executor, "executor");
        this.most = most;
        this.next = Objects.requireNonNull(next, "next");
        this.empty = Objects.requireNonNull(empty, "empty");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.stopped = Objects.requireNonNull(stopped, "stopped");
    }

    /** Called after an item was queued: starts a drainer unless {@code most} are running already. */
    void arrived() {
        synchronized (this) {
            if (running >= most) {
                return;
            }
            running++;
        }
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // the executor was shut down (the delivery is closing): the item stays queued, as if never taken
            ended();
        }
    }

    private void drain() {
        while (true) {
            T item;
            while (!stopped.getAsBoolean() && (item = next.get()) != null) {
                handler.accept(item);
            }
            // Decided under the lock that offers' arrived() takes: an item offered before this look is ours, one
            // offered after it finds our place free and starts a drainer of its own.
            synchronized (this) {
                if (stopped.getAsBoolean() || empty.getAsBoolean()) {
                    ended();
                    return;
                }
            }
        }
    }

    private synchronized void ended() {
        running--;
        notifyAll();
    }

    /** Waits until no drainer runs (the queue empty or stopped), at most {@code millis}; whether none runs. */
    synchronized boolean awaitIdle(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (running > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000L));
        }
        return true;
    }
}
