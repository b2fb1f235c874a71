package io.coaptree.it.tree;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the JVM's heap does over a stretch of a test, measured three ways, since each alone can mislead: the bytes
 * every thread allocated (HotSpot's per-thread counters: an allocation counts even if it is garbage an instant
 * later, and whatever the collector does meanwhile), the used heap after a collection before and after (what
 * stayed), and the peak of the used heap sampled every 10 ms (garbage included, so it also moves with the
 * collector's timing).
 */
final class HeapWatch {

    /** The figures in bytes; {@code allocated} counts threads that ended during the stretch only until then. */
    record Figures(long allocated, long usedBefore, long usedAfter, long peak) {
    }

    private final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
            .getThreadMXBean();
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final Map<Long, Long> allocatedBefore = new HashMap<>();
    private final AtomicLong peak = new AtomicLong();
    private final long usedBefore;
    private final Thread sampler;
    private volatile boolean stopped;

    private HeapWatch() {
        usedBefore = usedAfterCollection();
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        for (int i = 0; i < ids.length; i++) {
            allocatedBefore.put(ids[i], bytes[i]);
        }
        sampler = new Thread(() -> {
            while (!stopped) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    static HeapWatch start() {
        return new HeapWatch();
    }

    Figures stop() throws InterruptedException {
        stopped = true;
        sampler.join(5_000);
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long allocated = 0;
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] > 0) { // -1: the thread ended meanwhile
                allocated += bytes[i] - allocatedBefore.getOrDefault(ids[i], 0L);
            }
        }
        return new Figures(allocated, usedBefore, usedAfterCollection(), peak.get());
    }

    private long usedAfterCollection() {
        memory.gc();
        memory.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }
}
