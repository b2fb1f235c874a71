package io.coaptree.driver.calls;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * At most so many calls of one driver instance in flight at once (an asset with hundreds of channels, or many assets
 * polled together, must not flood the gateway's server or the tree); the others wait in order. A waiting call whose
 * result was completed meanwhile (timed out) is not started.
 */
final class InFlightLimit {

    private final int limit;
    private final Deque<Runnable> waiting = new ArrayDeque<>();
    private int inFlight;

    InFlightLimit(int limit) {
        this.limit = limit;
    }

    /**
     * @param start starts the call and returns its completion
     * @param result the caller's result, checked before a waiting call starts
     */
    <T> void submit(Supplier<CompletableFuture<?>> start, CompletableFuture<T> result) {
        Runnable run = () -> {
            if (result.isDone()) {
                release();
                return;
            }
            CompletableFuture<?> started;
            try {
                started = start.get();
            } catch (RuntimeException e) {
                release();
                throw e;
            }
            started.whenComplete((answer, failure) -> release());
        };
        synchronized (this) {
            if (inFlight >= limit) {
                waiting.addLast(run);
                return;
            }
            inFlight++;
        }
        run.run();
    }

    private void release() {
        Runnable next;
        synchronized (this) {
            next = waiting.pollFirst();
            if (next == null) {
                inFlight--;
                return;
            }
        }
        next.run(); // the permit passes to the next waiting call
    }

    synchronized int inFlight() {
        return inFlight;
    }
}
