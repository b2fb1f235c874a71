package io.coaptree.bench.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server under test in its own JVM ({@link TargetMain}), with a sampler reading its CPU time, threads, resident
 * memory and heap every {@value #SAMPLE_PERIOD_MILLIS} ms for as long as it runs. Its console goes to
 * {@code <label>.log} in the run's output folder.
 */
public final class TargetProcess implements AutoCloseable {

    static final long SAMPLE_PERIOD_MILLIS = 250;
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final TargetSpec spec;
    private final Process process;
    private final long startNanos = System.nanoTime();
    private final CompletableFuture<Map<String, String>> ready = new CompletableFuture<>();
    private final List<ServerSample> samples = new ArrayList<>();
    /** Reports other than ready and heap, in arrival order: answers of a target that takes commands. */
    private final BlockingQueue<String> reports = new LinkedBlockingQueue<>();
    private final Thread sampler;
    private volatile long heapUsed = -1;
    private volatile long heapCommitted = -1;

    private TargetProcess(TargetSpec spec, Process process, Path log) {
        this.spec = spec;
        this.process = process;
        Thread console = new Thread(() -> pumpConsole(log), "target-console-" + spec.label());
        console.setDaemon(true);
        console.start();
        sampler = new Thread(this::sampleUntilStopped, "target-sampler-" + spec.label());
        sampler.setDaemon(true);
        sampler.start();
    }

    /**
     * Starts the target with this JVM's class path and waits until it reports that it serves.
     *
     * @throws IllegalStateException if it exits or stays silent for {@code readyTimeout}; its log says why
     */
    public static TargetProcess start(TargetSpec spec, Path outputDir, Duration readyTimeout) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>(spec.launcher());
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The embedded broker logs its start and stop at INFO: quiet it as the demo and the integration tests do, so
        // that a broker's log is not part of what a benchmark measures.
        command.add("-Dorg.slf4j.simpleLogger.log.com.hivemq=warn");
        command.add("-Dorg.slf4j.simpleLogger.log.io.netty=warn");
        command.addAll(spec.jvmOptions());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(TargetMain.class.getName());
        command.add(spec.kind());
        command.addAll(spec.arguments());
        Files.createDirectories(outputDir);
        Path log = outputDir.resolve(spec.label() + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        TargetProcess target = new TargetProcess(spec, process, log);
        try {
            target.ready.get(readyTimeout.toMillis(), TimeUnit.MILLISECONDS);
            return target;
        } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
            target.close();
            throw new IllegalStateException("target " + spec.label() + " did not become ready within " + readyTimeout
                    + (process.isAlive() ? "" : " (exited with " + process.exitValue() + ")") + "; see " + log, e);
        }
    }

    public String label() {
        return spec.label();
    }

    public TargetSpec spec() {
        return spec;
    }

    public long pid() {
        return process.pid();
    }

    /** The port the target serves CoAP on, as it reported. */
    public int port() {
        return Integer.parseInt(readyProperties().get("port"));
    }

    /** Everything the target reported in its ready line (key=value pairs). */
    public Map<String, String> readyProperties() {
        return ready.getNow(Map.of());
    }

    /** Reads the process now. */
    public ServerSample sample() {
        long pid = process.pid();
        long[] jitAndGc = ProcFs.jvmThreadCpuNanos(pid);
        return new ServerSample((System.nanoTime() - startNanos) / 1e9, ProcFs.cpuNanos(pid), ProcFs.threads(pid),
                ProcFs.rssBytes(pid), heapUsed, heapCommitted, jitAndGc[0], jitAndGc[1], ProcFs.systemCpuNanos(pid));
    }

    /** Samples taken so far, oldest first. */
    public List<ServerSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    private void sampleUntilStopped() {
        while (process.isAlive()) {
            ServerSample sample = sample();
            synchronized (samples) {
                samples.add(sample);
            }
            try {
                Thread.sleep(SAMPLE_PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void pumpConsole(Path log) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)); Writer out = Files.newBufferedWriter(log)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.startsWith(TargetMain.PREFIX)) {
                    onReport(line.substring(TargetMain.PREFIX.length()));
                } else {
                    out.write(line);
                    out.write('\n');
                    out.flush();
                }
            }
        } catch (IOException e) {
            // the process is gone
        } finally {
            ready.completeExceptionally(new IllegalStateException("target console closed"));
        }
    }

    private void onReport(String report) {
        Map<String, String> values = keyValues(report);
        if (report.startsWith("ready")) {
            ready.complete(values);
        } else if (report.startsWith("heap")) {
            heapUsed = Long.parseLong(values.getOrDefault("used", "-1"));
            heapCommitted = Long.parseLong(values.getOrDefault("committed", "-1"));
        } else {
            reports.add(report);
        }
    }

    /** Writes one line to the target's standard input: a command, for targets that take them. */
    public void send(String line) throws IOException {
        var in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /**
     * The next report the target made other than ready and heap (its {@value TargetMain#PREFIX} prefix removed).
     *
     * @throws IllegalStateException if none comes within {@code timeout}
     */
    public String nextReport(Duration timeout) throws InterruptedException {
        String report = reports.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (report == null) {
            throw new IllegalStateException("target " + label() + " reported nothing within " + timeout
                    + (process.isAlive() ? "" : " (it exited)"));
        }
        return report;
    }

    /** The {@code key=value} tokens of a report line. */
    public static Map<String, String> keyValues(String report) {
        Map<String, String> values = new HashMap<>();
        for (String token : report.trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                values.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return values;
    }

    /** Asks the target to stop (SIGTERM, so it closes cleanly), and kills it if it does not within 20 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        sampler.interrupt();
    }
}
