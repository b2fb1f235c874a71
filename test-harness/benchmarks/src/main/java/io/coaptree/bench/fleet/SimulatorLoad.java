package io.coaptree.bench.fleet;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * collector's stop-the-world pauses. A thousand gateways share one heap and some five thousand threads here, where
 * each real gateway has its own JVM with a few dozen: a pause here stops every gateway at once, and every hop of a
 * remote read that spans it waits for it. These figures say how much of a latency tail is the simulator's. The
 * kernel's share of the CPU (Linux, {@code /proc/self/stat}) says how much went to switching between those threads:
 * every message crosses several of them (the MQTT client's reader and callback threads, then the threads the
 * gateways share for their deliveries), each a wake-up unless already awake.
 */
final class SimulatorLoad implements AutoCloseable {

    /**
     * What a window cost.
     *
     * @param cpuPercent the JVM's CPU time over the window's length, in percent of all the machine's cores
     * @param pauses collector pauses
     * @param longestPauseMillis the longest of them
     * @param pausedMillis their sum
     * @param kernelPercent the share of that CPU spent in the kernel, in percent; NaN where it cannot be read
     */
    record Figures(double cpuPercent, long pauses, double longestPauseMillis, double pausedMillis,
            double kernelPercent) {
    }

    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long startCpuNanos = os.getProcessCpuTime();
    private final long startNanos = System.nanoTime();
    private final long[] startTicks = userAndKernelTicks();
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
        long[] ticks = userAndKernelTicks();
        double user = ticks[0] - startTicks[0];
        double kernel = ticks[1] - startTicks[1];
        double kernelPercent = ticks[0] < 0 || startTicks[0] < 0 || user + kernel <= 0 ? Double.NaN
                : 100 * kernel / (user + kernel);
        return new Figures(cpu, pauses.get(), longestMicros.get() / 1e3, pausedMicros.get() / 1e3, kernelPercent);
    }

    /** This process's user and kernel CPU in clock ticks (fields 14 and 15 of /proc/self/stat); -1 without it. */
    private static long[] userAndKernelTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the command name, in parentheses, may hold spaces: count the fields after its closing one
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] { Long.parseLong(fields[11]), Long.parseLong(fields[12]) };
        } catch (IOException | RuntimeException notLinux) {
            return new long[] { -1, -1 };
        }
    }

    @Override
    public void close() {
        removals.forEach(Runnable::run);
    }
}
