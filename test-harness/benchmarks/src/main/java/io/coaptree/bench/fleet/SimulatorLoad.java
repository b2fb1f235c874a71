package io.coaptree.bench.fleet;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;

/**
 * What the simulator itself cost while a measurement ran: the CPU its JVM used (a share of the machine) and the
 * collector's stop-the-world pauses. A thousand gateways share one heap and some nine thousand threads here, where
 * each real gateway has its own JVM with a few dozen: a pause here stops every gateway at once, and every hop of a
 * remote read that spans it waits for it. These figures say how much of a latency tail is the simulator's.
 */
final class SimulatorLoad implements AutoCloseable {

    /**
     * What a window cost.
     *
     * @param cpuPercent the JVM's CPU time over the window's length, in percent of all the machine's cores
     * @param pauses collector pauses
     * @param longestPauseMillis the longest of them
     * @param pausedMillis their sum
     */
    record Figures(double cpuPercent, long pauses, double longestPauseMillis, double pausedMillis) {
    }

    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long startCpuNanos = os.getProcessCpuTime();
    private final long startNanos = System.nanoTime();
    private final AtomicLong pauses = new AtomicLong();
    private final AtomicLong longestMicros = new AtomicLong();
    private final AtomicLong pausedMicros = new AtomicLong();
    private final List<Runnable> removals = new ArrayList<>();

    /** Starts watching now. */
    SimulatorLoad() {
        NotificationListener listener = (notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo
                        .from((CompositeData) notification.getUserData());
                long micros = info.getGcInfo().getDuration() * 1000;
                pauses.incrementAndGet();
                pausedMicros.addAndGet(micros);
                longestMicros.accumulateAndGet(micros, Math::max);
            }
        };
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            // G1's concurrent cycles and ZGC's cycles run beside the application: their length is no pause.
            if (collector instanceof NotificationEmitter emitter && !concurrent(collector.getName())) {
                emitter.addNotificationListener(listener, null, null);
                removals.add(() -> {
                    try {
                        emitter.removeNotificationListener(listener);
                    } catch (ListenerNotFoundException e) {
                        // already gone
                    }
                });
            }
        }
    }

    private static boolean concurrent(String collector) {
        return collector.contains("Concurrent") || collector.contains("Cycles");
    }

    /** What the window cost until now. */
    Figures figures() {
        double wallNanos = Math.max(1, System.nanoTime() - startNanos);
        double cpu = 100.0 * (os.getProcessCpuTime() - startCpuNanos) / wallNanos
                / Runtime.getRuntime().availableProcessors();
        return new Figures(cpu, pauses.get(), longestMicros.get() / 1e3, pausedMicros.get() / 1e3);
    }

    @Override
    public void close() {
        removals.forEach(Runnable::run);
    }
}
