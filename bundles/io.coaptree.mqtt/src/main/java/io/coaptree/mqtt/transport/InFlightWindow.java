package io.coaptree.mqtt.transport;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the publishes that the broker has not yet completed. A full window refuses at once instead of
 * queueing: backpressure replaces Kura's message store. Safe for concurrent use.
 */
public final class InFlightWindow {

    private final int capacity;
    private final AtomicInteger inFlight = new AtomicInteger();

    public InFlightWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " must be at least 1");
        }
        this.capacity = capacity;
    }

    /** Takes a slot, or returns {@code null} when all {@link #capacity()} slots are taken. */
    public Slot tryAcquire() {
        while (true) {
            int current = inFlight.get();
            if (current >= capacity) {
                return null;
            }
            if (inFlight.compareAndSet(current, current + 1)) {
                return new Slot();
            }
        }
    }

    public int inFlight() {
        return inFlight.get();
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
                inFlight.decrementAndGet();
                return true;
            }
            return false;
        }
    }
}
