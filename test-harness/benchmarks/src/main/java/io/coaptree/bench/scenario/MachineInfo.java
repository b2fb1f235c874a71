package io.coaptree.bench.scenario;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine a run happened on, read when the run starts, so figures are never quoted without it: the runner prints
 * it and writes it into the run's result.json ({@code machine}) and summary.md ({@code - machine:}).
 */
public record MachineInfo(String cpuModel, int cpus, long memoryBytes, String java, String os,
        String loadAverage) {

    public static MachineInfo detect() {
        return new MachineInfo(CpuModel.read(), Runtime.getRuntime().availableProcessors(), readMemoryBytes(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"), readLoadAverage());
    }

    /** 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
    private static String readLoadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static long readMemoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }

    public String describe() {
        return String.format("%d CPUs (%s), %.1f GiB RAM, %s, %s; load average %s", cpus, cpuModel,
                memoryBytes / (1024.0 * 1024 * 1024), java, os, loadAverage);
    }
}
