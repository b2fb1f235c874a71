package io.coaptree.harness.broker;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What one embedded broker did wrong on its own, as opposed to what it refused a client on purpose: messages it
 * dropped (HiveMQ's {@code com.hivemq.messages.dropped.count}: a client's queue full, a socket not writable, an
 * internal error, a message above a client's packet limit), less those the access list dropped; and failures of our
 * admission code inside the broker. A harness that hides such faults would let a test pass on a broker that lost
 * messages, so every broker of the JVM is listed here for {@link NoBrokerFaults}, which checks them after each test.
 */
final class BrokerFaults {

    /** Every embedded broker created in this JVM. */
    private static final Set<BrokerFaults> ALL = ConcurrentHashMap.newKeySet();
    /** Enough failure descriptions to diagnose; the count goes on. */
    private static final int KEPT_DESCRIPTIONS = 20;

    private final String broker;
    private final AtomicLong accessListDrops = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final Queue<String> descriptions = new ConcurrentLinkedQueue<>();
    /** HiveMQ's drop counter while the broker runs, null while it is stopped. */
    private LongSupplier droppedNow;
    /** The counter's value when the broker last started, and the drops of earlier runs. */
    private long droppedAtStart;
    private long droppedBefore;
    /** Faults already reported by {@link #unreported()}. */
    private long reported;

    BrokerFaults(String broker) {
        this.broker = broker;
        ALL.add(this);
    }

    /** The broker started; {@code dropped} reads HiveMQ's drop counter, which may or may not survive a restart. */
    synchronized void running(LongSupplier dropped) {
        droppedNow = dropped;
        droppedAtStart = dropped.getAsLong();
    }

    /** The broker is about to stop: its drops so far are kept. */
    synchronized void stopping() {
        if (droppedNow != null) {
            droppedBefore += droppedNow.getAsLong() - droppedAtStart;
            droppedNow = null;
        }
    }

    /** A publish the access list dropped: HiveMQ counts it as dropped too, and it is no fault. */
    void droppedByAccessList() {
        accessListDrops.incrementAndGet();
    }

    /** Our code failed inside the broker (the client was refused, failing closed). */
    void failed(String what, RuntimeException e) {
        failures.incrementAndGet();
        if (descriptions.size() < KEPT_DESCRIPTIONS) {
            descriptions.add(what + ": " + e);
        }
    }

    synchronized long count() {
        return failures.get() + droppedByBroker();
    }

    /**
     * HiveMQ counts a publish the access list dropped after our interceptor counted it, so this may lag behind by
     * the drops in progress, never run ahead of them.
     */
    private long droppedByBroker() {
        long dropped = droppedBefore + (droppedNow == null ? 0 : droppedNow.getAsLong() - droppedAtStart);
        return Math.max(0, dropped - accessListDrops.get());
    }

    synchronized String describe() {
        List<String> parts = new ArrayList<>();
        long dropped = droppedByBroker();
        if (dropped > 0) {
            parts.add(dropped + " messages dropped by the broker (a client's queue full, a socket not writable, an "
                    + "internal error or a packet above a client's limit; the log of 'event.message-dropped' at "
                    + "DEBUG says which)");
        }
        if (failures.get() > 0) {
            parts.add(failures.get() + " failures of the admission code: " + descriptions);
        }
        return broker + ": " + String.join("; ", parts);
    }

    /** The faults of every broker of the JVM not reported before, one line per broker; marks them reported. */
    static List<String> unreported() {
        List<String> lines = new ArrayList<>();
        for (BrokerFaults faults : ALL) {
            synchronized (faults) {
                long now = faults.count();
                if (now > faults.reported) {
                    lines.add(faults.describe());
                    faults.reported = now;
                }
            }
        }
        return lines;
    }
}
