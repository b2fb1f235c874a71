package io.coaptree.bench.pi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.bench.scenario.ServerUsage;

/** The pi-gateway step's own arithmetic: thread differences, the histogram's share, figures and verdicts. */
class PiFiguresTest {

    private static final long MIB = 1024 * 1024;

    @Test
    void threadsGoneAreAMultisetDifference() {
        List<String> with = List.of("main", "pool-1-thread-1", "pool-1-thread-1", "CoapServer#1", "Kura");
        List<String> without = List.of("main", "pool-1-thread-1", "Kura", "appeared later");
        assertEquals(List.of("pool-1-thread-1", "CoapServer#1"), ThreadNames.gone(with, without));
    }

    @Test
    void threadShapesReadDigitsAsN() {
        assertEquals(Map.of("pool-N-thread-N", 2, "CoapServer#N", 1),
                ThreadNames.byShape(List.of("pool-3-thread-1", "pool-4-thread-12", "CoapServer#1")));
    }

    @Test
    void histogramShareCountsOurClassesOnly() {
        String histogram = """
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:          1000          48000  java.lang.String (java.base@17.0.9)
                   2:           400          19200  io.coaptree.rd.store.Registration
                   3:            20            640  io.coaptree.harness.kura.Something
                   4:            10            320  io.coaptree.bench.pi.GatewayNode
                   5:             3             96  io.coaptree.tree.Member
                Total          1433          68256
                """;
        HeapHistogram.Share ours = HeapHistogram.ours(histogram);
        assertEquals(19296, ours.bytes());
        assertEquals(403, ours.instances());
        assertEquals(2, ours.classes());
        assertEquals("io.coaptree.rd.store.Registration", ours.largest().get(0).className());
        assertEquals(400, HeapHistogram.instancesOf(histogram, "io.coaptree.rd.store.Registration"));
        assertEquals(0, HeapHistogram.instancesOf(histogram, "absent"));
    }

    @Test
    void figuresAreDifferencesFromRunningAndJudgedOnTheLargest() {
        PiFigures.State joined = state("joined", 60, 90, List.of("main"));
        PiFigures.State running = state("running", 70, 100, List.of("main", "a", "b", "c"));
        PiFigures.State stopped = state("stopped", 55, 97, List.of("main", "c"));
        PiFigures.State removed = state("removed", 45, 96, List.of("main"));
        PiFigures.State kura = state("kura-only", 40, 95, List.of("main", "other id"));
        ServerUsage usage = new ServerUsage(0.3, 0.5, 0, 100, 100, 0, 0, 0.01, 0.02, 0.1);
        PiFigures.Idle idle = PiFigures.idle(60, usage, "0.1", "0.2", Map.of(), Map.of());
        PiFigures f = PiFigures.of("embedded", 400, "", idle, List.of(joined, running, stopped, removed, kura), MIB);

        assertEquals(15, f.memory().runningLessStopped(), 1e-9);
        assertEquals(25, f.memory().runningLessRemoved(), 1e-9);
        assertEquals(30, f.memory().runningLessKuraOnly(), 1e-9);
        assertEquals(30, f.memory().retained(), 1e-9);
        assertEquals(10, f.memory().registrations(), 1e-9);
        assertEquals(60, f.memory().metaspaceRunningLessKuraOnly(), 1e-9);
        assertEquals(1, f.memory().oursLeftAfterRemoval(), 1e-9);
        assertEquals(2, f.threads().goneAtStop());
        assertEquals(3, f.threads().goneAtRemoval());
        assertEquals(2, f.threads().javaRunningLessKuraOnly());
        assertEquals(5, f.threads().started()); // /proc: 100 running less 95 Kura only
        assertTrue(f.cpuMet());
        assertTrue(f.heapMet());
        assertTrue(f.threadsMet());

        PiFigures.Idle busy = PiFigures.idle(60, new ServerUsage(0.9, 1.5, 0, 0, 0, 0, 0, 0, 0, 0), "", "", Map.of(),
                Map.of());
        PiFigures worse = PiFigures.of("embedded", 400, "", busy,
                List.of(joined, state("running", 80, 140, List.of()), stopped, removed, kura), 0);
        assertFalse(worse.cpuMet());
        assertFalse(worse.heapMet()); // 80 - 40 = 40 MiB
        assertFalse(worse.threadsMet()); // 140 - 95 = 45 threads
    }

    @Test
    void busiestThreadsAreThoseWhoseCpuTimeGrewMost() {
        Map<String, Long> before = Map.of("VM Thread", 5_000_000L, "coaptree-tree", 1_000_000L, "idle", 7L);
        Map<String, Long> after = Map.of("VM Thread", 6_000_000L, "coaptree-tree", 31_000_000L, "idle", 7L,
                "new one", 2_000_000L);
        assertEquals(List.of("coaptree-tree", "new one", "VM Thread"),
                List.copyOf(PiFigures.busiest(before, after).keySet()));
        assertEquals(30.0, PiFigures.busiest(before, after).get("coaptree-tree"), 1e-9);
    }

    /** A state with {@code heapMiB} of heap, twice that of metaspace, and 1 MiB of our classes' instances. */
    private static PiFigures.State state(String name, long heapMiB, int processThreads, List<String> names) {
        return new PiFigures.State(name, heapMiB * MIB, 2 * heapMiB * MIB, 30, processThreads, MIB, names);
    }
}
