package io.coaptree.it.tree;

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

/**
 * Another caller's remote read, repeated while an attack runs: every answer's latency, and how many reads were not
 * answered 2.05. What it prints goes to docs/performance.md with the date, the load and the CPU it ran on.
 */
final class RemoteReadLatency implements AutoCloseable {

    private final String uri;
    private final List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;
    private volatile int failed;

    /** Starts reading {@code uri} (a {@code coap://} URI) one request after the other. */
    RemoteReadLatency(String uri) {
        this.uri = uri;
        reader = new Thread(this::readUntilClosed, "remote-read-latency");
        reader.setDaemon(true);
        reader.start();
    }

    private void readUntilClosed() {
        CoapClient client = new CoapClient(uri);
        client.setTimeout(10_000L);
        try {
            while (running.get()) {
                long start = System.nanoTime();
                CoapResponse response;
                try {
                    response = client.get();
                } catch (Exception e) {
                    response = null;
                }
                if (response != null && response.getCode() == ResponseCode.CONTENT) {
                    micros.add((System.nanoTime() - start) / 1_000);
                } else {
                    failed++;
                }
            }
        } finally {
            client.shutdown();
        }
    }

    /** The reads answered 2.05 so far. */
    int answered() {
        return micros.size();
    }

    /** The reads not answered 2.05 so far. */
    int failed() {
        return failed;
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        reader.join(15_000);
    }

    /** One line for docs/performance.md: p50/p99 of the answered reads, with date, load and CPU model. */
    String report(String attack) throws IOException {
        List<Long> sorted;
        synchronized (micros) {
            sorted = new ArrayList<>(micros);
        }
        Collections.sort(sorted);
        return String.format("%s | %s | %s: %d reads answered, %d not; p50 %.1f ms, p99 %.1f ms | load %s | %s",
                Instant.now(), attack, uri.replaceFirst("coap://[^/]+", ""), sorted.size(), failed,
                percentile(sorted, 50) / 1000.0, percentile(sorted, 99) / 1000.0, load(), cpuModel());
    }

    private static long percentile(List<Long> sorted, int p) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    private static String load() throws IOException {
        Path loadavg = Path.of("/proc/loadavg");
        return Files.exists(loadavg) ? String.join(" ", List.of(Files.readString(loadavg).split(" ")).subList(0, 3))
                : "unknown";
    }

    private static String cpuModel() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.exists(cpuinfo)) {
            return "unknown CPU";
        }
        return Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU")
                + " x" + Runtime.getRuntime().availableProcessors();
    }
}
