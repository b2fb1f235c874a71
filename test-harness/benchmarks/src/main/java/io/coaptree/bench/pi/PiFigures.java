package io.coaptree.bench.pi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import io.coaptree.bench.scenario.ServerUsage;

/**
 * The figures of one {@code pi-gateway} run (result.json's {@code runs}), and the goals they are read against. Heap
 * and threads are differences between states of the gateway ({@link State}): with our bundles running after the idle
 * window, stopped, our packages removed, and a node of the same kind that never had them ("Kura only").
 */
public record PiFigures(String broker, int linksRegistered, String gatewayJvm, Idle idle, Memory memory,
        Threads threads) {

    public static final double CPU_GOAL_PERCENT = 1.0;
    public static final double HEAP_GOAL_MIB = 32;
    public static final int THREADS_GOAL = 30;
    static final int BUSIEST = 12;

    /** The gateway at one moment, as the runner saw it ({@link GatewayCensus} plus the /proc thread count). */
    record State(String name, long heapUsedBytes, long metaspaceBytes, long bundleLoaders, int processThreads,
            long oursShallowBytes, List<String> threadNames) {
    }

    /**
     * @param cpuPercentOfCore CPU time of the gateway's JVM over the window (/proc utime + stime, every thread), over
     *                         the window's wall time, in percent of the one core it is pinned to
     * @param cpuMsByThread    CPU time in the window by thread name as /proc keeps it, most first (at most
     *                         {@value #BUSIEST} names)
     */
    public record Idle(double seconds, double cpuPercentOfCore, double cpuSeconds, double jitCpuSeconds,
            double systemCpuSeconds, String loadAtStart, String loadAtEnd, Map<String, Double> cpuMsByThread) {
    }

    /**
     * Heap in use right after full collections, in MiB, in each state, and differences from running.
     *
     * @param oursShallow          instances of our own classes alone while running (a lower bound: not what they
     *                             refer to)
     * @param oursLeftAfterRemoval instances of our classes still there once our packages were removed: their class
     *                             loaders were kept alive, so the difference from "removed" counts too little
     * @param registrations        running (400 links registered, synced, idle) less joined (before them)
     */
    public record Memory(double joined, double running, double stopped, double removed, double kuraOnly,
            double runningLessStopped, double runningLessRemoved, double runningLessKuraOnly, double oursShallow,
            double oursLeftAfterRemoval, double metaspaceRunningLessRemoved, double metaspaceRunningLessKuraOnly,
            double registrations) {

        /** What the goal is judged on: the largest of the three differences. */
        public double retained() {
            return Math.max(runningLessStopped, Math.max(runningLessRemoved, runningLessKuraOnly));
        }
    }

    /**
     * @param goneAtRemoval  Java threads alive while running and gone once our packages were removed (multisets of
     *                       names)
     * @param javaRunningLessKuraOnly Java threads while running less the Kura-only node's (counts: names of the
     *                       framework's threads hold ids that differ from JVM to JVM, so names do not compare)
     * @param shapes         the threads gone at removal, by the shape of their names (digits read as N)
     */
    public record Threads(int processRunning, int processStopped, int processRemoved, int processKuraOnly,
            int goneAtStop, int goneAtRemoval, int javaRunningLessKuraOnly, SortedMap<String, Integer> shapes) {

        /** What the goal is judged on: the largest of the name counts and the /proc differences. */
        public int started() {
            return Math.max(Math.max(goneAtRemoval, javaRunningLessKuraOnly),
                    Math.max(processRunning - processRemoved, processRunning - processKuraOnly));
        }
    }

    /** The figures from the idle window and the states, in the order they were taken. */
    static PiFigures of(String broker, int links, String gatewayJvm, Idle idle, List<State> states,
            long oursLeftAfterRemovalBytes) {
        State joined = states.get(0);
        State running = states.get(1);
        State stopped = states.get(2);
        State removed = states.get(3);
        State kura = states.get(4);
        Memory memory = new Memory(mib(joined.heapUsedBytes()), mib(running.heapUsedBytes()),
                mib(stopped.heapUsedBytes()), mib(removed.heapUsedBytes()), mib(kura.heapUsedBytes()),
                mib(running.heapUsedBytes() - stopped.heapUsedBytes()),
                mib(running.heapUsedBytes() - removed.heapUsedBytes()),
                mib(running.heapUsedBytes() - kura.heapUsedBytes()), mib(running.oursShallowBytes()),
                mib(oursLeftAfterRemovalBytes), mib(running.metaspaceBytes() - removed.metaspaceBytes()),
                mib(running.metaspaceBytes() - kura.metaspaceBytes()),
                mib(running.heapUsedBytes() - joined.heapUsedBytes()));
        List<String> gone = ThreadNames.gone(running.threadNames(), removed.threadNames());
        Threads threads = new Threads(running.processThreads(), stopped.processThreads(), removed.processThreads(),
                kura.processThreads(), ThreadNames.gone(running.threadNames(), stopped.threadNames()).size(),
                gone.size(), running.threadNames().size() - kura.threadNames().size(),
                ThreadNames.byShape(gone));
        return new PiFigures(broker, links, gatewayJvm, idle, memory, threads);
    }

    /** An idle window from the sampler's usage and the threads' CPU time read at its start and end. */
    static Idle idle(double seconds, ServerUsage usage, String loadAtStart, String loadAtEnd,
            Map<String, Long> threadsBefore, Map<String, Long> threadsAfter) {
        return new Idle(seconds, usage.cpuPercent(), usage.cpuSeconds(), usage.jitCpuSeconds(),
                usage.systemCpuSeconds(), loadAtStart, loadAtEnd, busiest(threadsBefore, threadsAfter));
    }

    /**
     * The {@value #BUSIEST} thread names that used the most CPU between two readings of a process's threads
     * ({@code ProcFs.cpuNanosByThreadName}), in ms, most first; a name absent at the start started from zero.
     */
    static Map<String, Double> busiest(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Double> busiest = new LinkedHashMap<>();
        after.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), (e.getValue() - before.getOrDefault(e.getKey(), 0L)) / 1e6))
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(BUSIEST)
                .forEach(e -> busiest.put(e.getKey(), e.getValue()));
        return busiest;
    }

    public boolean cpuMet() {
        return idle.cpuPercentOfCore() <= CPU_GOAL_PERCENT;
    }

    public boolean heapMet() {
        return memory.retained() <= HEAP_GOAL_MIB;
    }

    public boolean threadsMet() {
        return threads.started() <= THREADS_GOAL;
    }

    static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}
