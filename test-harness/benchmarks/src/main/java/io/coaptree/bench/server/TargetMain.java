package io.coaptree.bench.server;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Entry point of a server-under-test JVM, started by {@link TargetProcess}. Running each target in its own
 * process lets the load runner read that process's CPU time, threads and memory without the load generator
 * mixed in.
 * <p>
 * Talks to the parent through stdout lines starting with {@value #PREFIX}:
 * {@code ready port=N} once it serves, and {@code heap used=B committed=B} every {@value #HEAP_PERIOD_MILLIS} ms
 * (heap is not visible from outside without attaching a JMX agent, which would add threads to the very process
 * being measured; this costs one sleeping thread, the same in every target).
 * <pre>
 * bare [--bind ADDR] [--port N]
 * kura [--bind ADDR] [--storage DIR] [--dp FILE]...
 * rd [--bind ADDR] [--max-registrations N]   (see io.coaptree.bench.rd.RdTarget)
 * tree --kura-config DIR --dp FILE --examples-dp FILE --gateways-file FILE [--heartbeat-ms N]
 *      [--layout testbed|chain] [--record-sink GATEWAY [--record-devices N]]
 *      [--tree-security signature|secret|none] [--tree-batching true|false] [--brokers embedded|mosquitto|bridged]
 *      [--replicas N] [--hop-by-hop] [--telemetry-consumer-port N] [--counters-file FILE]
 *      (see io.coaptree.bench.tree.TreeTarget)
 * gateway --name NAME [--storage DIR]   (a gateway rebooted from its storage, or without it a node that never had
 *      our packages, taking commands on standard input; see io.coaptree.bench.pi.GatewayNode)
 * </pre>
 * Stops cleanly on SIGTERM.
 */
public final class TargetMain {

    public static final String PREFIX = "#bench ";
    static final long HEAP_PERIOD_MILLIS = 250;

    private TargetMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: TargetMain bare|kura [options]");
            System.exit(2);
        }
        String kind = args[0];
        String bind = option(args, "--bind", "127.0.0.1");
        AutoCloseable target;
        int port;
        switch (kind) {
            case "bare" -> {
                BareCoapServer server = new BareCoapServer(bind, Integer.parseInt(option(args, "--port", "0"))).start();
                target = server;
                port = server.port();
            }
            case "kura" -> {
                List<Path> dps = new ArrayList<>();
                for (String dp : options(args, "--dp")) {
                    dps.add(Path.of(dp));
                }
                String storage = option(args, "--storage", null);
                KuraNodeTarget node = KuraNodeTarget.start(bind, storage == null ? null : Path.of(storage), dps);
                target = node;
                port = node.port();
            }
            case "rd" -> {
                io.coaptree.bench.rd.RdTarget rd = io.coaptree.bench.rd.RdTarget.start(bind,
                        Integer.parseInt(option(args, "--max-registrations", "12000")));
                target = rd;
                port = rd.port();
            }
            case "dtls" -> {
                io.coaptree.bench.dtls.DtlsTarget dtls = io.coaptree.bench.dtls.DtlsTarget.start(bind,
                        Integer.parseInt(option(args, "--coaps-port", "0")), option(args, "--psk-identity", "bench"),
                        option(args, "--psk-key", null));
                target = dtls;
                port = dtls.port();
            }
            case "tree" -> {
                io.coaptree.bench.tree.TreeTarget tree = io.coaptree.bench.tree.TreeTarget.start(
                        Path.of(option(args, "--kura-config", "kura-config")), Path.of(option(args, "--dp", null)),
                        Path.of(option(args, "--examples-dp", null)), Path.of(option(args, "--gateways-file", null)),
                        Long.parseLong(option(args, "--heartbeat-ms", "1000")),
                        io.coaptree.bench.tree.TreeLayout.parse(option(args, "--layout", "testbed")),
                        option(args, "--record-sink", null) == null ? null
                                : new io.coaptree.bench.tree.TreeTarget.RecordSink(option(args, "--record-sink", null),
                                        Integer.parseInt(option(args, "--record-devices", "512")),
                                        Integer.parseInt(option(args, "--telemetry-consumer-port", "0"))),
                        option(args, "--tree-security", "signature"), option(args, "--brokers", "embedded"),
                        Integer.parseInt(option(args, "--replicas", "1")),
                        !java.util.Arrays.asList(args).contains("--hop-by-hop"),
                        Boolean.parseBoolean(option(args, "--tree-batching", "true")),
                        option(args, "--counters-file", null) == null ? null
                                : Path.of(option(args, "--counters-file", null)));
                target = tree;
                port = tree.port();
            }
            case "gateway" -> {
                String storage = option(args, "--storage", null);
                io.coaptree.bench.pi.GatewayNode gateway = io.coaptree.bench.pi.GatewayNode.start(
                        option(args, "--name", null), storage == null ? null : Path.of(storage));
                target = gateway;
                port = gateway.port();
            }
            default -> throw new IllegalArgumentException("unknown target kind " + kind
                    + " (bare, kura, rd, dtls, tree, gateway)");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                target.close();
            } catch (Exception e) {
                e.printStackTrace();
            } finally {
                stopped.countDown();
            }
        }, "bench-target-stop"));
        startHeapReporter();
        say("ready port=" + port);
        stopped.await();
    }

    private static void startHeapReporter() {
        Thread reporter = new Thread(() -> {
            var memory = ManagementFactory.getMemoryMXBean();
            while (!Thread.currentThread().isInterrupted()) {
                MemoryUsage heap = memory.getHeapMemoryUsage();
                say("heap used=" + heap.getUsed() + " committed=" + heap.getCommitted());
                try {
                    Thread.sleep(HEAP_PERIOD_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "bench-heap-reporter");
        reporter.setDaemon(true);
        reporter.start();
    }

    /** Writes one report line for the parent ({@value #PREFIX} and the line). */
    public static void say(String line) {
        synchronized (System.out) {
            System.out.println(PREFIX + line);
            System.out.flush();
        }
    }

    static String option(String[] args, String name, String fallback) {
        List<String> values = options(args, name);
        return values.isEmpty() ? fallback : values.get(values.size() - 1);
    }

    static List<String> options(String[] args, String name) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                values.add(args[++i]);
            }
        }
        return values;
    }
}
