package io.coaptree.bench.pi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.ServerUsage;
import io.coaptree.bench.server.ProcFs;
import io.coaptree.bench.server.ServerSample;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;
import io.coaptree.bench.tree.TreeScenario;
import io.coaptree.bench.tree.TreeTestbed;

/**
 * {@code pi-gateway}: one group gateway at the size of a Raspberry Pi. The gateway runs alone in a JVM of its own,
 * pinned to one core ({@code taskset -c 0}, {@code -Xmx256m}), a Kura-exact node booted from the storage its first
 * boot left; its neighbours, the root and its domain gateway, and the broker run in the runner's JVM
 * ({@link PiTree}). 400 links are registered in its Resource Directory by a CoAP client (20 endpoints of 20 links, the
 * tree benchmark's per-gateway load). Once it has joined, its directory has synced to the domain and its compiler has
 * gone quiet, the runner measures its CPU over an idle window; then the gateway takes censuses of itself with our
 * bundles running, stopped, and with our packages removed ({@link GatewayCensus}), whose differences are the heap
 * and threads our bundles hold.
 */
public final class PiGatewayScenario implements Scenario {

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(180);
    static final Duration SYNC_TIMEOUT = Duration.ofSeconds(180);
    /** Settled: the JIT compiled nothing for this long (its threads' CPU time did not move)... */
    static final Duration JIT_QUIET = Duration.ofSeconds(5);
    /** ...or this long passed; the summary then says the idle window began unsettled. */
    static final Duration SETTLE_LIMIT = Duration.ofSeconds(120);
    static final long POLL_MILLIS = 500;
    static final String LABEL = "pi-gateway";

    /** What the gateway's JVM said of itself in its last census (processors, collectors). */
    private String jvm = "";

    @Override
    public String name() {
        return LABEL;
    }

    @Override
    public String description() {
        return "One group gateway at Pi size: a Kura-exact node with the shipped packages alone in its own JVM, pinned "
                + "to one core (taskset -c 0, -Xmx256m), in a tree with a root and a domain gateway (runner's JVM) on "
                + "one broker, 400 links registered in its Resource Directory. Idle CPU of its JVM over an idle window "
                + "(goal <= 1% of its core), heap retained by our bundles (<= 32 MiB) and threads they start (<= 30).";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        Duration idle = Duration.ofSeconds(options.setting("seconds", options.quick() ? 15 : 60));
        String broker = options.setting("broker", "embedded");
        List<String> launcher = List.of("taskset", "-c", options.setting("cpu", "0"));
        try (PiTree tree = PiTree.start(context, broker); TreeScenario.Client client = new TreeScenario.Client()) {
            System.out.println("  root and domain live; first boot of " + PiTree.GROUP.name() + " in this JVM");
            Path storage = tree.provisionGroup();
            TargetProcess gateway = context.startTarget(new TargetSpec(LABEL, "gateway",
                    List.of("--name", PiTree.GROUP.name(), "--storage", storage.toString()),
                    TargetSpec.DEFAULT_JVM_OPTIONS).withLauncher(launcher));
            System.out.println("  " + PiTree.GROUP.name() + " booted again in its own JVM, pid " + gateway.pid());
            String joined = command(gateway, "tree " + PiTree.ALL_LIVE + " " + PiTree.JOIN_TIMEOUT.toMillis(), "tree");
            if (!joined.contains("matched=true")) {
                throw new IllegalStateException(PiTree.GROUP.name() + " did not join: " + joined);
            }
            tree.awaitNeighbourhoodsLive();
            List<PiFigures.State> states = new ArrayList<>();
            states.add(census(context, gateway, "joined"));
            int links = register(client, gateway.port());
            double synced = awaitSynced(client, tree.coapPort(PiTree.DOMAIN), links);
            double quiet = awaitJitQuiet(gateway);
            System.out.printf(Locale.ROOT, "  synced to %s after %.1f s, JIT quiet after %.1f s more%n",
                    PiTree.DOMAIN.name(), synced, quiet);
            PiFigures.Idle window = idleWindow(gateway, idle);
            states.add(census(context, gateway, "running"));
            command(gateway, "stop", "stopped");
            states.add(census(context, gateway, "stopped"));
            command(gateway, "uninstall", "uninstalled");
            states.add(census(context, gateway, "removed"));
            HeapHistogram.Share left = HeapHistogram.ours(Files.readString(histogram(context, "removed")));
            context.stopTarget(gateway);
            // the same node in a JVM started the same way, never given our packages: what Kura alone holds
            TargetProcess kuraOnly = context.startTarget(new TargetSpec(LABEL + "-kura-only", "gateway",
                    List.of("--name", PiTree.GROUP.name()), TargetSpec.DEFAULT_JVM_OPTIONS).withLauncher(launcher));
            states.add(census(context, kuraOnly, "kura-only"));
            context.stopTarget(kuraOnly);
            PiFigures figures = PiFigures.of(broker, links, jvm, window, states, left.bytes());
            PiReport.write(context, figures, states, left, synced, quiet, quiet < SETTLE_LIMIT.toSeconds());
        }
    }

    /** The measured window: nothing is asked of the gateway; its process is read at the start and the end. */
    private static PiFigures.Idle idleWindow(TargetProcess gateway, Duration idle) throws InterruptedException {
        String loadAtStart = TreeScenario.loadAverage();
        System.out.println("  idle for " + idle.toSeconds() + " s (load " + loadAtStart + ")");
        Map<String, Long> threadsBefore = ProcFs.cpuNanosByThreadName(gateway.pid());
        ServerSample before = gateway.sample();
        Thread.sleep(idle.toMillis()); // the measured window itself
        ServerSample after = gateway.sample();
        Map<String, Long> threadsAfter = ProcFs.cpuNanosByThreadName(gateway.pid());
        ServerUsage usage = ServerUsage.between(before, gateway.samples(), after, 0);
        return PiFigures.idle(after.atSeconds() - before.atSeconds(), usage, loadAtStart, TreeScenario.loadAverage(),
                threadsBefore, threadsAfter);
    }

    /** Sends a command and returns its answer, which must start with {@code expected}. */
    private static String command(TargetProcess gateway, String line, String expected) throws Exception {
        gateway.send(line);
        String answer = gateway.nextReport(COMMAND_TIMEOUT);
        if (!answer.startsWith(expected)) {
            throw new IllegalStateException("the gateway answered '" + answer + "' to '" + line + "'");
        }
        return answer;
    }

    /** Where a census writes its class histogram. */
    private static Path histogram(ScenarioContext context, String state) {
        Path names = threadsFile(context, state);
        return names.resolveSibling(names.getFileName() + ".histogram");
    }

    private static Path threadsFile(ScenarioContext context, String state) {
        return context.outputDir().resolve(LABEL + "-threads-" + state + ".txt");
    }

    private PiFigures.State census(ScenarioContext context, TargetProcess gateway, String state) throws Exception {
        Path names = threadsFile(context, state);
        Map<String, String> values = TargetProcess.keyValues(command(gateway, "census " + names, "census"));
        int processThreads = gateway.sample().threads();
        jvm = "processors " + values.get("cpus") + ", collectors " + values.get("gc");
        PiFigures.State census = new PiFigures.State(state, Long.parseLong(values.get(GatewayCensus.HEAP)),
                Long.parseLong(values.get(GatewayCensus.METASPACE)), Long.parseLong(values.get(GatewayCensus.LOADERS)),
                processThreads, Long.parseLong(values.get(GatewayCensus.OURS_BYTES)), Files.readAllLines(names));
        System.out.printf(Locale.ROOT, "  census %-8s heap after GC %.1f MiB, %d threads (%s Java), our classes' "
                + "instances %.2f MiB%n", state, PiFigures.mib(census.heapUsedBytes()), processThreads,
                values.get(GatewayCensus.THREADS), PiFigures.mib(census.oursShallowBytes()));
        return census;
    }

    /** Registers the tree benchmark's 400 links of one gateway, 20 endpoints of 20 links; fails on any refusal. */
    private static int register(TreeScenario.Client client, int port) {
        String gateway = PiTree.GROUP.name();
        for (int b = 1; b <= TreeTestbed.BUNDLES; b++) {
            // a day's lifetime: nothing expires, nor needs refreshing by the client, during the run
            String code = client.post(port, "rd?ep=" + TreeTestbed.endpointName(gateway, b) + "&d="
                    + PiTree.GROUP.domain() + "&lt=86400", TreeTestbed.links(gateway, b));
            if (!code.equals("2.01")) { // Created
                throw new IllegalStateException("registration " + b + " at " + gateway + " answered " + code);
            }
        }
        return TreeTestbed.RESOURCES_PER_GATEWAY;
    }

    /** Waits until the domain's own directory lists every link registered at the gateway; the seconds it took. */
    private static double awaitSynced(TreeScenario.Client client, int domainPort, int links) throws Exception {
        long start = System.nanoTime();
        long deadline = start + SYNC_TIMEOUT.toNanos();
        int seen = 0;
        while (System.nanoTime() < deadline) {
            seen = TreeTestbed.countOwnLinks(client.get(domainPort, "rd-lookup/res").text());
            if (seen >= links) {
                return (System.nanoTime() - start) / 1e9;
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new IllegalStateException("the domain's directory lists " + seen + " of " + links + " links after "
                + SYNC_TIMEOUT);
    }

    /**
     * Waits until the gateway's compiler threads used no CPU for {@link #JIT_QUIET} (their CPU time from /proc, in
     * clock ticks), at most {@link #SETTLE_LIMIT}; the seconds it took.
     */
    private static double awaitJitQuiet(TargetProcess gateway) throws InterruptedException {
        long start = System.nanoTime();
        long jit = gateway.sample().jitCpuNanos();
        long quietSince = start;
        while (System.nanoTime() - quietSince < JIT_QUIET.toNanos()
                && System.nanoTime() - start < SETTLE_LIMIT.toNanos()) {
            Thread.sleep(POLL_MILLIS);
            long now = gateway.sample().jitCpuNanos();
            if (now != jit) {
                jit = now;
                quietSince = System.nanoTime();
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }
}
