package io.coaptree.harness.junit;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.function.Executable;

/**
 * The heap a piece of code allocates on the calling thread, as the JVM counts it (HotSpot's per-thread allocation
 * counter, {@code com.sun.management.ThreadMXBean}): for tests that a decoder refuses a hostile length before it
 * allocates it. Unlike the used heap, the count does not depend on when the collector runs, and it counts an
 * allocation even if the array is garbage an instant later.
 */
public final class ThreadAllocation {

    private ThreadAllocation() {
    }

    /**
     * Runs {@code body} on this thread and returns the bytes it allocated; what it throws is thrown on (wrap the
     * refusal a test expects in {@code assertThrows}).
     */
    public static long during(Executable body) throws Throwable {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                .getThreadMXBean();
        if (!threads.isThreadAllocatedMemorySupported() || !threads.isThreadAllocatedMemoryEnabled()) {
            throw new IllegalStateException("this JVM does not count the memory threads allocate");
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        body.execute();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }
}
