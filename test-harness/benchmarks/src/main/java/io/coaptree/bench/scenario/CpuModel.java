package io.coaptree.bench.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The processor a run happened on, as the kernel names it in {@code /proc/cpuinfo} when the run starts. Every figure
 * in docs/performance.md quotes its machine from the run's own report, never from memory: a machine shared by several
 * people can change under the same host name.
 */
public final class CpuModel {

    static final String UNKNOWN = "unknown";
    private static final Path CPUINFO = Path.of("/proc/cpuinfo");

    private CpuModel() {
    }

    /** The model of this machine's first processor, or {@value #UNKNOWN} where there is no {@code /proc/cpuinfo}. */
    public static String read() {
        try {
            return parse(Files.readAllLines(CPUINFO));
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /**
     * The value of the first {@code model name} line; on ARM boards whose kernel writes none (a 64-bit Raspberry Pi OS),
     * the board's {@code Model} line instead.
     */
    static String parse(List<String> cpuinfo) {
        String board = null;
        for (String line : cpuinfo) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (value.isEmpty()) {
                continue;
            }
            if (key.equals("model name")) {
                return value;
            }
            if (key.equals("Model") && board == null) {
                board = value;
            }
        }
        return board != null ? board : UNKNOWN;
    }
}
