package io.coaptree.bench.pi;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import javax.management.JMException;
import javax.management.ObjectName;

/**
 * What the gateway's JVM holds at one moment, taken inside it by {@link GatewayNode}: its Java threads once they
 * have settled, its heap in use after full collections, and the share of a class histogram that is our classes.
 * Taken with our bundles running, stopped and removed, the runner's differences are what our bundles cost.
 *
 * @param heapUsedBytes  heap in use right after two full collections
 * @param metaspaceBytes class metadata in use then (outside the heap, but a Pi's memory too; a full collection
 *                       unloads the classes of a removed bundle)
 * @param bundleLoaders  the framework's bundle class loaders alive (a removed bundle's stays while anything still
 *                       refers to it or to one of its classes or objects)
 * @param threadNames    the live Java threads' names (the JVM's own native threads, GC and compiler, are not Java
 *                       threads; the runner counts those from /proc)
 * @param ours           our classes' instances in the histogram (shallow sizes: a lower bound of what they hold)
 * @param settleSeconds  how long the threads took to stop changing
 */
record GatewayCensus(long heapUsedBytes, long metaspaceBytes, long bundleLoaders, List<String> threadNames,
        HeapHistogram.Share ours, double settleSeconds) {

    static final String HEAP = "heap";
    static final String METASPACE = "metaspace";
    static final String LOADERS = "loaders";
    static final String EQUINOX_LOADER = "org.eclipse.osgi.internal.loader.EquinoxClassLoader";
    static final String THREADS = "threads";
    static final String OURS_BYTES = "ours.bytes";
    static final String OURS_INSTANCES = "ours.instances";
    static final String OURS_CLASSES = "ours.classes";

    /** Threads count as settled when their names stayed the same for this long... */
    static final long SETTLED_MILLIS = 3_000;
    /** ...or after this long at most (a pool that keeps starting and ending threads never settles). */
    static final long SETTLE_LIMIT_MILLIS = 30_000;
    static final long POLL_MILLIS = 200;

    /** Takes the census and writes the thread names ({@code file}) and the whole histogram ({@code file.histogram}). */
    static GatewayCensus take(Path file) throws IOException, InterruptedException, JMException {
        long start = System.nanoTime();
        List<String> names = settledThreadNames();
        double settle = (System.nanoTime() - start) / 1e9;
        var memory = ManagementFactory.getMemoryMXBean();
        memory.gc(); // a second collection takes what finalizers and reference queues released in the first
        memory.gc();
        long heap = memory.getHeapMemoryUsage().getUsed();
        long metaspace = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getName().equals("Metaspace"))
                .mapToLong(p -> p.getUsage().getUsed()).sum();
        String histogram = classHistogram();
        Files.write(file, names);
        Files.writeString(file.resolveSibling(file.getFileName() + ".histogram"), histogram);
        return new GatewayCensus(heap, metaspace, HeapHistogram.instancesOf(histogram, EQUINOX_LOADER), names,
                HeapHistogram.ours(histogram), settle);
    }

    /**
     * The report line's values, read back by the runner ({@link #HEAP}, {@link #THREADS}, ...), with the JVM's
     * processors and collectors: one processor (taskset) makes HotSpot pick the serial collector.
     */
    String describe() {
        String collectors = String.join("+", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(gc -> gc.getName().replace(' ', '_')).toList());
        return String.format(Locale.ROOT, "%s=%d %s=%d %s=%d %s=%d %s=%d %s=%d %s=%d settle=%.1f cpus=%d gc=%s",
                HEAP, heapUsedBytes, METASPACE, metaspaceBytes, LOADERS, bundleLoaders, THREADS, threadNames.size(),
                OURS_BYTES, ours.bytes(), OURS_INSTANCES,
                ours.instances(), OURS_CLASSES, ours.classes(), settleSeconds,
                Runtime.getRuntime().availableProcessors(), collectors);
    }

    private static List<String> settledThreadNames() throws InterruptedException {
        long deadline = System.currentTimeMillis() + SETTLE_LIMIT_MILLIS;
        List<String> last = liveThreadNames();
        long sameSince = System.currentTimeMillis();
        while (System.currentTimeMillis() - sameSince < SETTLED_MILLIS && System.currentTimeMillis() < deadline) {
            Thread.sleep(POLL_MILLIS);
            List<String> now = liveThreadNames();
            if (!now.equals(last)) {
                last = now;
                sameSince = System.currentTimeMillis();
            }
        }
        return last;
    }

    private static List<String> liveThreadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
    }

    /**
     * {@code jcmd <pid> GC.class_histogram}, asked of this JVM's own diagnostic command bean: attaching from outside
     * would start an "Attach Listener" thread in the very process whose threads are counted.
     */
    private static String classHistogram() throws JMException {
        Object text = ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        return String.valueOf(text);
    }
}
