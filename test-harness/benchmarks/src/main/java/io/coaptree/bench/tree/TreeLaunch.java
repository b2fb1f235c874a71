package io.coaptree.bench.tree;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;
import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * A running tree target (broker and gateways in one JVM, see {@link TreeTarget}) and the CoAP port of each of its
 * gateways, once all of them see each other live.
 */
public record TreeLaunch(TargetProcess target, Map<String, Integer> ports, double bootSeconds) {

    /**
     * Starts a tree target and waits for its gateways.
     *
     * @param extraArguments further {@link TreeTarget} options (e.g. a record sink)
     */
    public static TreeLaunch start(ScenarioContext context, String label, TreeLayout layout,
            List<String> extraArguments, int heapMb, int heartbeatMillis, Duration startTimeout) throws Exception {
        RunOptions options = context.options();
        Path gatewaysFile = context.outputDir().resolve(label + "-gateways.properties");
        Files.createDirectories(context.outputDir());
        Files.deleteIfExists(gatewaysFile);
        List<String> arguments = new ArrayList<>(List.of(
                "--kura-config", options.repoRoot().resolve("kura-config").toAbsolutePath().toString(),
                "--dp", context.deploymentPackage("coaptree").toAbsolutePath().toString(),
                "--examples-dp", context.deploymentPackage("coaptree-examples").toAbsolutePath().toString(),
                "--gateways-file", gatewaysFile.toAbsolutePath().toString(),
                "--heartbeat-ms", Integer.toString(heartbeatMillis),
                "--layout", layout.name()));
        arguments.addAll(extraArguments);
        System.out.println("target " + label + ": starting the broker and " + layout.gateways().size()
                + " gateways (load average " + TreeScenario.loadAverage() + ")");
        List<String> jvmOptions = new ArrayList<>(List.of("-Xmx" + heapMb + "m",
                "-XX:-UseDynamicNumberOfCompilerThreads"));
        // e.g. --set jvm.options=-XX:StartFlightRecording=filename=tree.jfr,settings=profile to profile the target
        String extraJvm = options.setting("jvm.options", "").trim();
        if (!extraJvm.isEmpty()) {
            jvmOptions.addAll(List.of(extraJvm.split("\\s+")));
        }
        TargetProcess target = context.startTarget(new TargetSpec(label, "tree", arguments, jvmOptions));
        Properties booted = awaitGatewaysFile(gatewaysFile, startTimeout);
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (TreeHierarchy.Gateway g : layout.gateways()) {
            ports.put(g.name(), Integer.parseInt(booted.getProperty("port." + g.name())));
        }
        for (String key : booted.stringPropertyNames()) { // replicas beyond the layout (--replicas)
            if (key.startsWith("port.")) {
                ports.putIfAbsent(key.substring("port.".length()), Integer.parseInt(booted.getProperty(key)));
            }
        }
        double boot = Double.parseDouble(booted.getProperty("boot.seconds", "-1"));
        System.out.println("target " + label + ": " + ports.size() + " gateways live after " + boot + " s, pid "
                + target.pid() + ", ports " + ports);
        return new TreeLaunch(target, ports, boot);
    }

    private static Properties awaitGatewaysFile(Path file, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the gateways did not all come up within " + timeout
                        + "; see the target's log");
            }
            Thread.sleep(250);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        if (p.getProperty("error") != null) {
            throw new IllegalStateException("the tree target failed to boot: " + p.getProperty("error"));
        }
        return p;
    }
}
