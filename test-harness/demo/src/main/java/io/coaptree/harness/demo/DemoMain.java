package io.coaptree.harness.demo;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * Starts a whole CoAPTree hierarchy in this JVM (an embedded MQTT broker, a root, two domains, two groups per
 * domain), prints what a user can try, and runs until Ctrl-C. {@code --replicas N} (or {@code -Ddemo.replicas=N} with
 * the demo profile) serves group A/1 with N gateways (gA1, gA1b, gA1c, ...); then {@code stop <name>} and
 * {@code start <name>} on the standard input stop and restart a gateway, to watch a failover.
 */
public final class DemoMain {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private DemoMain() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path storage = Path.of(options.getOrDefault("--storage", "target/demo-nodes"));
        Path kuraConfig = Path.of(required(options, "--kura-config"));
        List<TreeHierarchy.Gateway> gateways = withReplicas(Integer.parseInt(options.getOrDefault("--replicas", "1")));
        DemoBroker broker = DemoBroker.start(storage, kuraConfig, gateways);
        TreeHierarchy.Settings settings = new TreeHierarchy.Settings(kuraConfig,
                Path.of(required(options, "--dp")), Path.of(required(options, "--examples-dp")), storage,
                broker.url(), Map.of(), Map.of());
        CountDownLatch stopped = new CountDownLatch(1);
        TreeHierarchy[] running = new TreeHierarchy[1];
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("Stopping the gateways and the broker...");
            if (running[0] != null) {
                running[0].close();
            }
            broker.close();
            System.out.println("Stopped.");
            System.out.flush();
            stopped.countDown();
            // A stop by signal is the demo's normal end: exit 0 (not 130/143), so `mvn -Pdemo verify` ends in success.
            Runtime.getRuntime().halt(0);
        }, "demo-shutdown"));
        // Maven forks this JVM: if Maven is killed without a signal reaching us, do not linger holding the ports.
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(0)));

        System.out.println("Starting the broker at " + broker.url() + " and " + gateways.size() + " gateways...");
        running[0] = TreeHierarchy.start(settings, gateways, START_TIMEOUT, broker.credentials);
        new HierarchyBanner(running[0], broker).print(System.out);
        DemoDtls.enable(running[0], "gA1").print(System.out);
        if (gateways.size() > TreeHierarchy.sevenGateways().size()) {
            ReplicaFailover failover = new ReplicaFailover(running[0]);
            failover.print(System.out);
            failover.acceptCommands(System.in, System.out);
        }
        stopped.await();
    }

    /** The seven gateways, group A/1 served by {@code replicas} of them: gA1, gA1b, gA1c, ... */
    static List<TreeHierarchy.Gateway> withReplicas(int replicas) {
        if (replicas < 1 || replicas > 8) {
            throw new IllegalArgumentException("--replicas: " + replicas + " is outside 1..8");
        }
        List<TreeHierarchy.Gateway> gateways = new ArrayList<>(TreeHierarchy.sevenGateways());
        for (int i = 1; i < replicas; i++) {
            gateways.add(new TreeHierarchy.Gateway("gA1" + (char) ('a' + i), 2, "A", "1"));
        }
        return gateways;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            options.put(args[i], args[i + 1]);
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing " + name);
        }
        return value;
    }
}
