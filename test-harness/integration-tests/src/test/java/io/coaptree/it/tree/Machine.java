package io.coaptree.it.tree;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Where and when a figure was measured, for docs/performance.md: date, load average, CPU model and count. */
final class Machine {

    private Machine() {
    }

    static String describe(Instant at) {
        String[] load = read("/proc/loadavg", "? ? ?").split(" ");
        return at.truncatedTo(ChronoUnit.SECONDS) + ", load " + load[0] + " " + load[1] + " " + load[2] + ", "
                + cpuModel() + " (" + Runtime.getRuntime().availableProcessors() + " CPUs)";
    }

    private static String cpuModel() {
        for (String line : read("/proc/cpuinfo", "").split("\n")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "CPU model unknown";
    }

    private static String read(String file, String otherwise) {
        try {
            return Files.readString(Path.of(file));
        } catch (java.io.IOException e) {
            return otherwise;
        }
    }
}
