package io.coaptree.tree.delivery;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads a {@link GatewayDelivery} runs on: where arrivals are handled, where publishes are sent, and the timer
 * that flushes batches.
 * <p>
 * A gateway owns its threads ({@link #own}): {@code delivery.workers} handlers, one sender, one timer, each started
 * when first needed and stopped with the delivery. A host of many gateways in one JVM (the fleet simulator) passes
 * executors they all share ({@link #shared}); each delivery still handles at most {@code delivery.workers}
 * arrivals and sends one publish at a time, and the shared executors outlive it.
 */
public final class DeliveryThreads {

    private final Executor handlers;
    private final Executor sender;
    private final ScheduledExecutorService timer;
    /** Whether closing the delivery shuts the executors down (they are its own). */
    private final boolean owned;

    private DeliveryThreads(Executor handlers, Executor sender, ScheduledExecutorService timer, boolean owned) {
        this.handlers = Objects.requireNonNull(handlers, "handlers");
        this.sender = Objects.requireNonNull(sender, "sender");
        this.timer = Objects.requireNonNull(timer, "timer");
        this.owned = owned;
    }

    /** A gateway's own threads: {@code <name>-in-1} to {@code -in-<workers>}, {@code <name>-out}, {@code -batch}. */
    public static DeliveryThreads own(String name, int workers) {
        ThreadPoolExecutor handlers = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), numbered(name + "-in-"));
        ThreadPoolExecutor sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), task -> daemon(task, name + "-out"));
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                task -> daemon(task, name + "-batch"));
        return new DeliveryThreads(handlers, sender, timer, true);
    }

    /**
     * Executors shared by many deliveries; none is shut down when a delivery closes. A publish may wait for the
     * transport's in-flight window, so {@code sender} needs threads enough that gateways waiting on a slow broker
     * do not hold up the others.
     */
    public static DeliveryThreads shared(Executor handlers, Executor sender, ScheduledExecutorService timer) {
        return new DeliveryThreads(handlers, sender, timer, false);
    }

    private static ThreadFactory numbered(String prefix) {
        AtomicInteger next = new AtomicInteger(1);
        return task -> daemon(task, prefix + next.getAndIncrement());
    }

    private static Thread daemon(Runnable task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }

    Executor handlers() {
        return handlers;
    }

    Executor sender() {
        return sender;
    }

    ScheduledExecutorService timer() {
        return timer;
    }

    /** Stops the handlers and the timer the delivery owns, interrupting work in progress. */
    void stopHandlers() {
        if (owned) {
            ((ExecutorService) handlers).shutdownNow();
            timer.shutdownNow();
        }
    }

    /** Stops the sender the delivery owns, interrupting a publish in progress. */
    void stopSender() {
        if (owned) {
            ((ExecutorService) sender).shutdownNow();
        }
    }
}
