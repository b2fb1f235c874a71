package io.coaptree.driver.calls;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * At most so many calls of one driver instance in flight at once (an asset with hundreds of channels, or many assets
 * read together, must not flood the gateway's server or the tree); the others wait in order. A waiting call whose
 * result was completed meanwhile (timed out) is not started. A permit comes back once, with the call's answer or
 * with its result, whichever is first: a timed-out call is cancelled, and a cancelled request may never answer.
 */
final class InFlightLimit {

    private record Waiting(Supplier<CompletableFuture<?>> start, CompletableFuture<?> result) {
    }

    private final int limit;
    private final Deque<Waiting> waiting = new ArrayDeque<>();
    private int inFlight;

    InFlightLimit(int limit) {
        this.limit = limit;
    }

    /**
     * @param start starts the call and returns its completion
     * @param result the caller's result, checked before a waiting call starts
     */
    void submit(Supplier<CompletableFuture<?>> start, CompletableFuture<?> result) {
        synchronized (this) {
            if (inFlight >= limit) {
                waiting.addLast(new Waiting(start, result));
                return;
            }
            inFlight++;
        }
        run(new Waiting(start, result));
    }

    private void run(Waiting call) {
        AtomicBoolean held = new AtomicBoolean(true);
        Runnable releaseOnce = () -> {
            if (held.compareAndSet(true, false)) {
                release();
            }
        };
        call.result().whenComplete((outcome, failure) -> releaseOnce.run());
        try {
            call.start().get().whenComplete((answer, failure) -> releaseOnce.run());
        } catch (RuntimeException e) {
            releaseOnce.run();
            throw e;
        }
    }

    /** Hands the permit to the first waiting call still wanted, or gives it back. */
    private void release() {
        Waiting next;
        synchronized (this) {
            do {
                next = waiting.pollFirst();
            } while (next != null && next.result().isDone());
            if (next == null) {
                inFlight--;
                return;
            }
        }
        run(next);
    }
}
