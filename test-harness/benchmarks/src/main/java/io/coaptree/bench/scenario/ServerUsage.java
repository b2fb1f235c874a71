package io.coaptree.bench.scenario;

import java.util.List;

import io.coaptree.bench.server.ServerSample;

/**
 * What the server process spent during one load step.
 *
 * @param cpuSeconds          CPU time (user + system, all threads) during the step
 * @param cpuPercent          cpuSeconds over wall time, in percent of one core (200 = two cores busy)
 * @param cpuMicrosPerRequest CPU time per successful request
 * @param threadsBefore       threads when the step started
 * @param threadsMax          most threads seen during the step
 * @param heapUsedMaxBytes    highest heap in use reported during the step
 * @param rssMaxBytes         highest resident memory during the step
 * @param jitCpuSeconds       of cpuSeconds, what the JIT compiler threads used (-1 if unknown): a step that
 *                            spends much here measures warm-up, not steady state
 * @param gcCpuSeconds        of cpuSeconds, what the garbage collector threads used (-1 if unknown)
 * @param systemCpuSeconds    of cpuSeconds, what the kernel spent for the process (-1 if unknown); the rest is user
 *                            time
 */
public record ServerUsage(double cpuSeconds, double cpuPercent, double cpuMicrosPerRequest, int threadsBefore,
        int threadsMax, long heapUsedMaxBytes, long rssMaxBytes, double jitCpuSeconds, double gcCpuSeconds,
        double systemCpuSeconds) {

    /** From a sample before the step, the periodic samples during it, and a sample after it. */
    public static ServerUsage between(ServerSample before, List<ServerSample> during, ServerSample after,
            long succeeded) {
        double cpu = Math.max(0, after.cpuNanos() - before.cpuNanos()) / 1e9;
        double wall = Math.max(1e-9, after.atSeconds() - before.atSeconds());
        int threadsMax = Math.max(before.threads(), after.threads());
        long heapMax = Math.max(before.heapUsedBytes(), after.heapUsedBytes());
        long rssMax = Math.max(before.rssBytes(), after.rssBytes());
        for (ServerSample s : during) {
            if (s.atSeconds() >= before.atSeconds() && s.atSeconds() <= after.atSeconds()) {
                threadsMax = Math.max(threadsMax, s.threads());
                heapMax = Math.max(heapMax, s.heapUsedBytes());
                rssMax = Math.max(rssMax, s.rssBytes());
            }
        }
        double perRequest = succeeded == 0 ? 0 : cpu * 1e6 / succeeded;
        return new ServerUsage(cpu, 100 * cpu / wall, perRequest, before.threads(), threadsMax, heapMax, rssMax,
                secondsBetween(before.jitCpuNanos(), after.jitCpuNanos()),
                secondsBetween(before.gcCpuNanos(), after.gcCpuNanos()),
                secondsBetween(before.systemCpuNanos(), after.systemCpuNanos()));
    }

    /** User (application) CPU time: all of it but the kernel's share; -1 if the split is unknown. */
    public double userCpuSeconds() {
        return systemCpuSeconds < 0 ? -1 : cpuSeconds - systemCpuSeconds;
    }

    private static double secondsBetween(long beforeNanos, long afterNanos) {
        return beforeNanos < 0 || afterNanos < 0 ? -1 : Math.max(0, afterNanos - beforeNanos) / 1e9;
    }
}
