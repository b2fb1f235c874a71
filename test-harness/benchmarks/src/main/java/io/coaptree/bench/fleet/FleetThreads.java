package io.coaptree.bench.fleet;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;

import io.coaptree.tree.delivery.DeliveryThreads;

/**
 * The threads every simulated gateway shares: the scheduler of their ticks and the handlers and senders of their
 * deliveries. On a gateway each of these is its own (two handlers and a sender besides MQTT's threads); a thousand
 * gateways would be nine thousand threads, and on this machine the kernel's cost of waking them for every message
 * took two thirds of the simulator's CPU (docs/performance.md). Shared, each gateway still handles at most its
 * {@code delivery.workers} arrivals at a time and sends one publish at a time.
 * <p>
 * Transports' listeners run on the MQTT client's callback thread, as Kura's own MQTT transport runs them, not on a
 * thread of their own as the lean transport's on a gateway: the only listener here is the tree's, which queues each
 * message for its delivery and returns (it never publishes there, which could wait for an in-flight slot that only
 * that thread frees), so the hand-off would cost one more wake-up a message and protect nothing.
 */
final class FleetThreads implements AutoCloseable {

    static final int SCHEDULER_THREADS = 2;
    static final int HANDLER_THREADS = 4;
    /** As many as handlers: a publish may wait for its transport's in-flight window. */
    static final int SENDER_THREADS = 4;

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(SCHEDULER_THREADS,
            named("fleet-scheduler"));
    private final ExecutorService handlers = Executors.newFixedThreadPool(HANDLER_THREADS, named("fleet-handler"));
    private final ExecutorService senders = Executors.newFixedThreadPool(SENDER_THREADS, named("fleet-sender"));
    private final DeliveryThreads delivery = DeliveryThreads.shared(handlers, senders, scheduler);

    ScheduledExecutorService scheduler() {
        return scheduler;
    }

    DeliveryThreads delivery() {
        return delivery;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        handlers.shutdownNow();
        senders.shutdownNow();
    }

    private static ThreadFactory named(String name) {
        return r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
