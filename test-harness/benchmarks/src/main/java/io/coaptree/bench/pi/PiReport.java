package io.coaptree.bench.pi;

import java.util.List;
import java.util.Locale;

import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;

/** Puts a {@code pi-gateway} run's figures into summary.md and result.json: headlines, tables, how it measured. */
final class PiReport {

    private PiReport() {
    }

    static void write(ScenarioContext context, PiFigures f, List<PiFigures.State> states, HeapHistogram.Share left,
            double syncSeconds, double settleSeconds, boolean settled) {
        headlines(context, f);
        ResultTable.Builder table = new ResultTable.Builder("The gateway's JVM in each state (heap used right after "
                + "two full collections; threads from /proc, native ones included)", "state", "heap used (MiB)",
                "metaspace (MiB)", "bundle class loaders", "process threads", "Java threads",
                "our classes' instances (MiB)");
        for (PiFigures.State s : states) {
            table.row(s.name(), format("%.1f", PiFigures.mib(s.heapUsedBytes())),
                    format("%.1f", PiFigures.mib(s.metaspaceBytes())), s.bundleLoaders(), s.processThreads(),
                    s.threadNames().size(),
                    format("%.2f", PiFigures.mib(s.oursShallowBytes())));
        }
        context.table(table.build());
        ResultTable.Builder threads = new ResultTable.Builder("Threads gone once our packages were removed, by the "
                + "shape of their names", "name (digits as N)", "threads");
        f.threads().shapes().forEach(threads::row);
        context.table(threads.build());
        ResultTable.Builder leftovers = new ResultTable.Builder(format("Our classes still with instances after our "
                + "packages were removed and the framework refreshed: %d classes, %d instances, %.3f MiB (largest)",
                left.classes(), left.instances(), PiFigures.mib(left.bytes())), "class", "instances", "bytes");
        left.largest().forEach(e -> leftovers.row(e.className(), e.instances(), e.bytes()));
        context.table(leftovers.build());
        PiFigures.Idle idle = f.idle();
        ResultTable.Builder cpu = new ResultTable.Builder(format("The idle window's CPU: %.3f s of CPU time in all, "
                + "%.3f s of it in the kernel, %.3f s JIT compiler; the busiest threads by /proc's name (its first 15 "
                + "characters; the serial collector runs on the VM Thread)", idle.cpuSeconds(),
                idle.systemCpuSeconds(), idle.jitCpuSeconds()), "thread", "CPU (ms)", "% of the core");
        idle.cpuMsByThread().forEach((name, ms) -> cpu.row(name, format("%.0f", ms),
                format("%.3f", ms / 10 / idle.seconds())));
        context.table(cpu.build());
        notes(context, f, syncSeconds, settleSeconds, settled);
        context.run(f);
    }

    private static void headlines(ScenarioContext context, PiFigures f) {
        PiFigures.Idle idle = f.idle();
        PiFigures.Memory heap = f.memory();
        PiFigures.Threads threads = f.threads();
        context.headline(Headline.against("idle CPU of the gateway's JVM, % of its one core",
                format("%.2f %% over %.0f s (load %s -> %s)", idle.cpuPercentOfCore(), idle.seconds(),
                        idle.loadAtStart(), idle.loadAtEnd()),
                format("<= %.0f %%", PiFigures.CPU_GOAL_PERCENT), f.cpuMet()));
        context.headline(Headline.against("heap retained by our bundles with " + f.linksRegistered() + " resources",
                format("%.1f MiB (running less: stopped %.1f, removed %.1f, Kura only %.1f)", heap.retained(),
                        heap.runningLessStopped(), heap.runningLessRemoved(), heap.runningLessKuraOnly()),
                format("<= %.0f MiB", PiFigures.HEAP_GOAL_MIB), f.heapMet()));
        context.headline(Headline.against("threads started by our bundles",
                format("%d (Java threads gone at removal %d, running less Kura only %d; process threads running "
                        + "less removed %d, less Kura only %d)", threads.started(), threads.goneAtRemoval(),
                        threads.javaRunningLessKuraOnly(), threads.processRunning() - threads.processRemoved(),
                        threads.processRunning() - threads.processKuraOnly()),
                "<= " + PiFigures.THREADS_GOAL, f.threadsMet()));
        context.headline(Headline.reported("instances of our own classes (shallow, a lower bound)",
                format("%.2f MiB running, %.2f MiB left after removal", heap.oursShallow(),
                        heap.oursLeftAfterRemoval())));
        context.headline(Headline.reported("class metadata (metaspace, outside the heap) of our packages",
                format("%.1f MiB (running less removed %.1f)", heap.metaspaceRunningLessKuraOnly(),
                        heap.metaspaceRunningLessRemoved())));
        context.headline(Headline.reported("heap the 400 registrations added (joined -> synced and idle)",
                format("%.1f MiB", heap.registrations())));
    }

    private static void notes(ScenarioContext context, PiFigures f, double syncSeconds, double settleSeconds,
            boolean settled) {
        context.note(format("Broker: %s. The gateway's JVM: %s, -Xmx256m, started through taskset. Its directory "
                + "synced to the domain %.1f s after the registrations; the JIT was then quiet for %d s after "
                + "%.1f s%s.",
                f.broker(), f.gatewayJvm(), syncSeconds, PiGatewayScenario.JIT_QUIET.toSeconds(), settleSeconds,
                settled ? "" : " (NOT settled: the window began when the limit ran out)"));
        context.note("The gateway's configuration: the group role snapshot (kura-config/group.xml) and the shipped "
                + "defaults (tree heartbeat every 2 s, signed messages with link MACs, DTLS off), with what the "
                + "harness's TreeHierarchy provisions on top: CoAP on 127.0.0.1, plain-CoAP writes open (so that the "
                + "runner may register without DTLS), MQTT keep-alive 5 s (the shipped default is 30 s).");
        context.note("CPU: utime + stime of the gateway's process from /proc/<pid>/stat at the window's start and end, "
                + "every thread of the JVM included (compiler, collector, the harness's heap reporter that prints a "
                + "line every 250 ms, and the emulated Kura services), over the window's wall time.");
        context.note("Heap: inside the gateway's JVM, two full collections (MemoryMXBean.gc; one core makes it the "
                + "serial collector) and then the heap in use: with our bundles running (after the idle window), "
                + "stopped (every io.coaptree.* bundle of our packages), removed (both deployment packages "
                + "uninstalled, the framework refreshed), and in a node that never had them (Kura only: the same "
                + "Kura-exact node in a JVM started the same way). The goal is judged on the largest difference "
                + "from running. What our bundles make Californium, Paho, Kryo, the JDK and Kura's services hold "
                + "counts. The class histogram (GC.class_histogram through the JVM's own DiagnosticCommand bean, no "
                + "attach) gives the shallow size of our classes' instances alone.");
        context.note("Threads: the names of the JVM's Java threads while running, compared as multisets with those "
                + "once our packages were removed (each census waits until the names stayed the same for 3 s, at "
                + "most 30 s); the counts of Java threads and of the process's threads (/proc) running less removed "
                + "and less the Kura-only node's (whose framework threads carry other ids in their names); the goal "
                + "is judged on the largest of the four.");
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
