package io.coaptree.bench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads another process's CPU time, thread count and resident memory from Linux {@code /proc}. Where /proc is
 * missing, CPU time falls back to {@link ProcessHandle.Info#totalCpuDuration()} and the rest reads -1.
 */
public final class ProcFs {

    private static final long CLOCK_TICKS_PER_SECOND = clockTicks();

    private ProcFs() {
    }

    static long cpuNanos(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return cpuNanosFromStat(stat, CLOCK_TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().totalCpuDuration()).map(Duration::toNanos).orElse(-1L);
        }
    }

    /** System (kernel) CPU time alone: with {@link #cpuNanos} it splits a process's CPU into user and system. */
    static long systemCpuNanos(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            return systemNanosFromStat(stat, CLOCK_TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** utime + stime (fields 14 and 15 of proc(5)); the command name in field 2 may contain spaces and ')'. */
    static long cpuNanosFromStat(String stat, long ticksPerSecond) {
        String[] fields = statFields(stat);
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return ticks * (1_000_000_000L / ticksPerSecond);
    }

    /** stime alone (field 15 of proc(5)). */
    static long systemNanosFromStat(String stat, long ticksPerSecond) {
        return Long.parseLong(statFields(stat)[12]) * (1_000_000_000L / ticksPerSecond);
    }

    /** The fields after the command name: fields[0] is field 3 (state), so field N is fields[N - 3]. */
    private static String[] statFields(String stat) {
        return stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    /**
     * CPU time of the JVM's own threads, by what they do: {just-in-time compiler, garbage collector}, in ns, or
     * {-1, -1} without /proc. HotSpot names them "C1 CompilerThread0", "C2 CompilerThread0", "GC Thread#0",
     * "G1 Conc#0", "G1 Refine#0", "G1 Main Marker"... (/proc keeps the first 15 characters). A thread that ended
     * takes its CPU time with it, so a target should keep its compiler threads
     * ({@code -XX:-UseDynamicNumberOfCompilerThreads}).
     */
    static long[] jvmThreadCpuNanos(long pid) {
        Map<String, Long> byName = cpuNanosByThreadName(pid);
        if (byName.isEmpty()) {
            return new long[] {-1, -1};
        }
        long[] jitAndGc = {0, 0};
        byName.forEach((name, nanos) -> {
            int role = name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler") ? 0
                    : name.startsWith("GC Thread") || name.startsWith("G1 ") ? 1 : -1;
            if (role >= 0) {
                jitAndGc[role] += nanos;
            }
        });
        return jitAndGc;
    }

    /**
     * CPU time so far of each live thread of a process, summed by thread name as /proc keeps it (its first 15
     * characters: threads of one pool often share it); empty without /proc.
     */
    public static Map<String, Long> cpuNanosByThreadName(long pid) {
        Map<String, Long> byName = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> {
                try {
                    String name = Files.readString(task.resolve("comm"), StandardCharsets.US_ASCII).trim();
                    byName.merge(name, cpuNanosFromStat(Files.readString(task.resolve("stat"),
                            StandardCharsets.US_ASCII), CLOCK_TICKS_PER_SECOND), Long::sum);
                } catch (IOException | RuntimeException e) {
                    // the thread ended while we listed them
                }
            });
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return byName;
    }

    static int threads(long pid) {
        long value = statusValue(pid, "Threads:");
        return value < 0 ? -1 : (int) value;
    }

    static long rssBytes(long pid) {
        long kib = statusValue(pid, "VmRSS:");
        return kib < 0 ? -1 : kib * 1024;
    }

    private static long statusValue(long pid, String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"),
                    StandardCharsets.US_ASCII)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // process gone or no /proc
        }
        return -1;
    }

    private static long clockTicks() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            getconf.waitFor();
            long ticks = Long.parseLong(out);
            return ticks > 0 ? ticks : 100;
        } catch (IOException | RuntimeException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
