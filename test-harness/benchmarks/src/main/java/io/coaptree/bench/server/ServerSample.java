package io.coaptree.bench.server;

/**
 * The server process at one instant.
 *
 * @param atSeconds          since the process was started
 * @param cpuNanos           CPU time used so far, user + system, all threads
 * @param threads            live threads (-1 if unknown)
 * @param rssBytes           resident memory (-1 if unknown)
 * @param heapUsedBytes      Java heap in use, as last reported by the process (-1 before its first report)
 * @param heapCommittedBytes Java heap committed, as last reported (-1 before its first report)
 * @param jitCpuNanos        CPU time so far of the JVM's JIT compiler threads (-1 if unknown)
 * @param gcCpuNanos         CPU time so far of the JVM's garbage collector threads (-1 if unknown)
 * @param systemCpuNanos     of cpuNanos, the time spent in the kernel on the process's behalf (-1 if unknown):
 *                           sockets, scheduling, locks
 */
public record ServerSample(double atSeconds, long cpuNanos, int threads, long rssBytes, long heapUsedBytes,
        long heapCommittedBytes, long jitCpuNanos, long gcCpuNanos, long systemCpuNanos) {
}
