package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * Another caller's remote read, repeated back to back on its own thread while an attack runs: every answer must be
 * 2.05, and the latencies are reported (p50, p99 with the date, load and CPU, for docs/performance.md).
 */
final class ReadsDuringAttack implements AutoCloseable {

    private final TreeHierarchy tree;
    private final String gateway;
    private final String path;
    private final List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;

    /** Starts reading {@code path} at {@code gateway}. */
    ReadsDuringAttack(TreeHierarchy tree, String gateway, String path) {
        this.tree = tree;
        this.gateway = gateway;
        this.path = path;
        reader = new Thread(this::readUntilClosed, "reads-during-attack");
        reader.setDaemon(true);
        reader.start();
    }

    private void readUntilClosed() {
        while (running.get()) {
            long start = System.nanoTime();
            try {
                CoapResponse response = GatewayCoap.call(tree, gateway, path, CoapClient::get);
                if (response == null || response.getCode() != ResponseCode.CONTENT) {
                    failures.add(response == null ? "no answer"
                            : response.getCode() + " " + response.getResponseText());
                } else {
                    micros.add((System.nanoTime() - start) / 1_000);
                }
            } catch (Exception e) {
                failures.add(e.toString());
            }
        }
    }

    /**
     * Stops reading, checks every read was answered 2.05 and prints the latencies under {@code attack}.
     *
     * @return the line printed
     */
    String report(String attack) throws InterruptedException {
        close();
        List<Long> sorted;
        synchronized (micros) {
            sorted = new ArrayList<>(micros);
        }
        Collections.sort(sorted);
        assertTrue(failures.isEmpty(), "reads of " + path + " at " + gateway + " during " + attack + ": " + failures);
        assertTrue(sorted.size() >= 3, "reads answered during " + attack + ": " + sorted.size());
        String line = String.format("read latency during %s: %s at %s, %d reads, p50 %.1f ms, p99 %.1f ms (%s, "
                + "load %s, %s)", attack, path, gateway, sorted.size(), percentile(sorted, 50) / 1000.0,
                percentile(sorted, 99) / 1000.0, Instant.now(), load(), cpu());
        System.out.println(line);
        return line;
    }

    private static long percentile(List<Long> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static String load() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return String.join(" ", List.of(fields).subList(0, 3));
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpu() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU") + ", "
                    + Runtime.getRuntime().availableProcessors() + " CPUs";
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        reader.join(20_000);
    }
}
