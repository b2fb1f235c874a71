package io.coaptree.tree.delivery;

import io.coaptree.tree.bus.DeliveryClass;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Bounded queues, one per {@link DeliveryClass}, taken highest class first with a bounded share for normal
 * traffic: once {@code normalEvery - 1} items of higher classes were taken in a row while normal ones waited, the
 * next take is a normal one. Normal traffic therefore gets at least {@code 1/normalEvery} of the takes under any
 * load, control and urgent traffic the rest. A full class refuses the offer (the caller counts it): nothing
 * blocks the producer, which may be the MQTT client's only delivery thread. Thread-safe.
 */
public final class ClassedQueue<T> {

    private final Map<DeliveryClass, ArrayDeque<T>> queues = new EnumMap<>(DeliveryClass.class);
    private final Map<DeliveryClass, Integer> capacities;
    private final int normalEvery;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private int takesAheadOfNormal;
    private int size;
    private boolean closed;

    /**
     * @param capacities the most items each class holds
     * @param normalEvery at least one take in this many goes to waiting normal items (2 or more)
     */
    public ClassedQueue(Map<DeliveryClass, Integer> capacities, int normalEvery) {
        if (normalEvery < 2) {
            throw new IllegalArgumentException("normalEvery: " + normalEvery + " is below 2");
        }
        this.capacities = new EnumMap<>(capacities);
        for (DeliveryClass c : DeliveryClass.values()) {
            Objects.requireNonNull(this.capacities.get(c), c.label());
            queues.put(c, new ArrayDeque<>());
        }
        this.normalEvery = normalEvery;
    }

    /** Adds {@code item} to its class's queue; false if that queue is full or this queue is closed. */
    public boolean offer(DeliveryClass deliveryClass, T item) {
        Objects.requireNonNull(item, "item");
        lock.lock();
        try {
            ArrayDeque<T> q = queues.get(deliveryClass);
            if (closed || q.size() >= capacities.get(deliveryClass)) {
                return false;
            }
            q.addLast(item);
            size++;
            notEmpty.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The next item, waiting up to {@code timeout}; null when none came or the queue is closed and empty. */
    public T poll(long timeout, TimeUnit unit) throws InterruptedException {
        long nanos = unit.toNanos(timeout);
        lock.lock();
        try {
            while (size == 0) {
                if (closed || nanos <= 0) {
                    return null;
                }
                nanos = notEmpty.awaitNanos(nanos);
            }
            return next();
        } finally {
            lock.unlock();
        }
    }

    /** The next item if there is one, without waiting. */
    public T poll() {
        lock.lock();
        try {
            return size == 0 ? null : next();
        } finally {
            lock.unlock();
        }
    }

    private T next() {
        ArrayDeque<T> normal = queues.get(DeliveryClass.NORMAL);
        boolean normalsTurn = !normal.isEmpty() && takesAheadOfNormal >= normalEvery - 1;
        for (DeliveryClass c : DeliveryClass.values()) {
            ArrayDeque<T> q = queues.get(c);
            if (q.isEmpty() || normalsTurn && c != DeliveryClass.NORMAL) {
                continue;
            }
            if (c == DeliveryClass.NORMAL || normal.isEmpty()) {
                takesAheadOfNormal = 0;
            } else {
                takesAheadOfNormal++;
            }
            size--;
            return q.pollFirst();
        }
        throw new IllegalStateException("size " + size + " but every queue is empty");
    }

    public int size(DeliveryClass deliveryClass) {
        lock.lock();
        try {
            return queues.get(deliveryClass).size();
        } finally {
            lock.unlock();
        }
    }

    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /** Refuses further offers and wakes every waiting taker; what is queued can still be taken. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
