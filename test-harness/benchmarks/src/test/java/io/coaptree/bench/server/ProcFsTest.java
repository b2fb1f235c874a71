package io.coaptree.bench.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProcFsTest {

    @Test
    void cpuTimeIsReadPastACommandNameWithSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 5000 0 0 0 150 25 0 0 20 0 31 0 100 0 0";
        assertEquals((150 + 25) * 10_000_000L, ProcFs.cpuNanosFromStat(stat, 100));
    }

    @Test
    void thisProcessIsReadable() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc");
        long pid = ProcessHandle.current().pid();
        assertTrue(ProcFs.threads(pid) > 1);
        assertTrue(ProcFs.rssBytes(pid) > 0);
        assertTrue(ProcFs.cpuNanos(pid) > 0);
    }

    @Test
    void theJitCompilersOfThisJvmAreFoundByTheirThreadNames() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux /proc");
        long[] jitAndGc = ProcFs.jvmThreadCpuNanos(ProcessHandle.current().pid());
        // a JVM that has loaded JUnit has compiled thousands of methods: well over one clock tick of CPU
        assertTrue(jitAndGc[0] > 0, "JIT CPU " + jitAndGc[0]);
        assertTrue(jitAndGc[1] >= 0, "GC CPU " + jitAndGc[1]);
    }

    @Test
    void reportLinesAreKeyValuePairs() {
        assertEquals(Map.of("used", "123", "committed", "456"),
                TargetProcess.keyValues("heap used=123 committed=456"));
    }
}
