package io.coaptree.bench.scenario;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a run happened on, so figures are never quoted without it. */
public record MachineInfo(String cpuModel, int cpus, long memoryBytes, String java, String os,
        String loadAverage) {

    public static MachineInfo detect() {
        return new MachineInfo(readCpuModel(), Runtime.getRuntime().availableProcessors(), readMemoryBytes(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"), readLoadAverage());
    }

    private static String readCpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
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
