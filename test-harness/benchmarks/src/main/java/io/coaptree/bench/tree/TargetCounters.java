package io.coaptree.bench.tree;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Runs in the tree target and writes, every {@value #PERIOD_MILLIS} ms, what a benchmark step reads before and after
 * itself: the broker's PUBLISH counts ({@code publishes.<client> <kind>}) and the CPU time of each gateway's threads
 * ({@code cpu.<gateway>.ns}). All gateways share this JVM, so CPU is attributed by thread name: a gateway's threads
 * are those named after it (its telemetry thread {@code telemetry-<name>}, its delivery threads
 * {@code coaptree-delivery-<name>-...}, its Paho threads {@code MQTT Rec: <client id>}, ...) or after its CoAP port
 * (when it names the bound port). Californium's protocol threads ({@code CoapTree#n}) and UDP connector threads
 * ({@code UDP-Receiver-/127.0.0.1:0[0]}: named after the configured port, 0) carry no gateway in their name; they
 * are summed on their own as {@code cpu.coap-protocol.ns} and {@code cpu.udp-connectors.ns}. Per gateway, the time
 * of each kind of thread is written too ({@code cpu.thread.<gateway>.<name with numbers as N>.ns}). So is the embedded
 * broker's fault count ({@value #BROKER_FAULTS}: messages it dropped): a step during which it rose lost messages.
 */
final class TargetCounters {

    static final long PERIOD_MILLIS = 250;
    static final String BROKER_FAULTS = "broker.faults";
    static final String COAP_PROTOCOL_PREFIX = "CoapTree#";
    static final String UDP_CONNECTOR_PREFIX = "UDP-";

    private TargetCounters() {
    }

    /**
     * @param gatewayPorts every gateway's name and CoAP port
     * @param publishes    the broker's PUBLISH counts now
     * @param faults       the embedded broker's faults so far
     */
    static Thread start(Path file, Map<String, Integer> gatewayPorts, Supplier<Map<String, Long>> publishes,
            LongSupplier faults) {
        Thread writer = new Thread(() -> {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Map<String, Pattern> byName = new java.util.LinkedHashMap<>();
            gatewayPorts.forEach((name, port) -> byName.put(name, Pattern.compile(
                    "(?<![A-Za-z0-9])" + Pattern.quote(name) + "(?![A-Za-z0-9])|:" + port + "(?![0-9])")));
            while (!Thread.currentThread().isInterrupted()) {
                Properties p = new Properties();
                publishes.get().forEach((key, n) -> p.setProperty("publishes." + key, Long.toString(n)));
                p.setProperty(BROKER_FAULTS, Long.toString(faults.getAsLong()));
                Map<String, Long> cpu = new java.util.HashMap<>();
                for (Thread t : liveThreads()) {
                    long ns = threads.getThreadCpuTime(t.getId());
                    if (ns <= 0) {
                        continue;
                    }
                    String name = t.getName();
                    if (name.startsWith(COAP_PROTOCOL_PREFIX)) {
                        cpu.merge("coap-protocol", ns, Long::sum);
                    } else if (name.startsWith(UDP_CONNECTOR_PREFIX)) {
                        cpu.merge("udp-connectors", ns, Long::sum);
                    }
                    byName.forEach((gateway, pattern) -> {
                        if (pattern.matcher(name).find()) {
                            cpu.merge(gateway, ns, Long::sum);
                            // where a gateway's time goes, by thread (numbers folded: one line per pool)
                            cpu.merge("thread." + gateway + "." + name.replaceAll("[0-9]+", "N").replace(' ', '_'),
                                    ns, Long::sum);
                        }
                    });
                }
                cpu.forEach((key, ns) -> p.setProperty("cpu." + key + ".ns", Long.toString(ns)));
                p.setProperty("time.ns", Long.toString(System.nanoTime()));
                try {
                    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
                    try (var w = Files.newBufferedWriter(tmp)) {
                        p.store(w, "tree target counters");
                    }
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    Thread.sleep(PERIOD_MILLIS);
                } catch (IOException e) {
                    e.printStackTrace();
                    return;
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "bench-counters");
        writer.setDaemon(true);
        writer.start();
        return writer;
    }

    /**
     * Every live thread, listed from the thread groups. {@code Thread.getAllStackTraces()} would do as well, but it
     * stops every thread of the JVM at a safepoint to walk hundreds of stacks, four times a second, which would show
     * in the very latencies the benchmark measures.
     */
    static Thread[] liveThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 64];
        int n;
        while ((n = root.enumerate(threads, true)) == threads.length) {
            threads = new Thread[threads.length * 2]; // more threads than estimated: count again with room
        }
        return Arrays.copyOf(threads, n);
    }
}
