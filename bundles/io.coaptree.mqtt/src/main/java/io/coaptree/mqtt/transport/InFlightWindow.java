package io.coaptree.mqtt.transport;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds the publishes that the broker has not yet completed. A publisher waits a bounded time for a free slot
 * (backpressure instead of Kura's message store) and is refused once that time has passed. Safe for concurrent use.
 */
public final class InFlightWindow {

    private final int capacity;
    private final Semaphore free;

    public InFlightWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " must be at least 1");
        }
        this.capacity = capacity;
        this.free = new Semaphore(capacity);
    }

    /** Takes a slot, or returns {@code null} when all {@link #capacity()} slots are taken. */
    public Slot tryAcquire() {
        return free.tryAcquire() ? new Slot() : null;
    }

    /**
     * Takes a slot, waiting at most {@code waitMillis} for one to be released (0: not at all).
     *
     * @return the slot, or {@code null} when none was freed in time
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public Slot acquire(long waitMillis) throws InterruptedException {
        Slot slot = tryAcquire(); // the common case: no clock, no lock
        if (slot != null || waitMillis <= 0) {
            return slot;
        }
        return free.tryAcquire(waitMillis, TimeUnit.MILLISECONDS) ? new Slot() : null;
    }

    public int inFlight() {
        return capacity - free.availablePermits();
    }

    public int capacity() {
        return capacity;
    }

    /** One publish in flight. Paho may report the end of a publish on more than one path: release is idempotent. */
    public final class Slot {
        private final AtomicBoolean released = new AtomicBoolean();

        private Slot() {
        }

        /** Frees the slot; returns {@code false} when it had already been freed. */
        public boolean release() {
            if (released.compareAndSet(false, true)) {
                free.release();
                return true;
            }
            return false;
        }
    }
}
