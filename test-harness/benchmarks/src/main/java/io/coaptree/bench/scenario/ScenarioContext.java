package io.coaptree.bench.scenario;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

import io.coaptree.bench.load.LoadEngine;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.load.RequestIssuer;
import io.coaptree.bench.server.ServerSample;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;

/**
 * What a running {@link Scenario} uses: starts targets (stopped by the runner if the scenario does not),
 * runs load steps while sampling the server, and collects measurements for the report.
 */
public final class ScenarioContext {

    /** This JVM, the load generator: its CPU per request tells a slow server from a busy client. */
    private static final com.sun.management.OperatingSystemMXBean LOAD_GENERATOR =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

    private final RunOptions options;
    private final List<TargetProcess> running = new ArrayList<>();
    private final List<TargetProcess> started = new ArrayList<>();
    private final List<Measurement> measurements = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<Headline> headlines = new ArrayList<>();
    private final List<ResultTable> tables = new ArrayList<>();
    private final List<String> charts = new ArrayList<>();
    private final List<Object> runs = new ArrayList<>();
    private String baseline;

    ScenarioContext(RunOptions options) {
        this.options = options;
    }

    public RunOptions options() {
        return options;
    }

    public Path outputDir() {
        return options.outputDir();
    }

    /**
     * A built deployment package, e.g. {@code deploymentPackage("coaptree-examples")}: the copy this module's
     * build made (target/dps), else the feature's own target folder.
     */
    public Path deploymentPackage(String artifactId) throws IOException {
        List<Path> candidates = new ArrayList<>();
        if (options.artifactsDir() != null) {
            candidates.add(options.artifactsDir().resolve(artifactId + ".dp"));
        }
        Path featureTarget = options.repoRoot().resolve("features").resolve(artifactId).resolve("target");
        if (Files.isDirectory(featureTarget)) {
            try (DirectoryStream<Path> dps = Files.newDirectoryStream(featureTarget, artifactId + "-*.dp")) {
                dps.forEach(candidates::add);
            }
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElseThrow(() ->
                new IllegalStateException("deployment package " + artifactId + " not built (looked at " + candidates
                        + "); run: mvn -B -DskipTests install"));
    }

    /** Starts a target JVM and waits until it reports ready. */
    public TargetProcess startTarget(TargetSpec spec) throws IOException, InterruptedException {
        TargetProcess target = TargetProcess.start(spec, outputDir(), READY_TIMEOUT);
        running.add(target);
        started.add(target);
        return target;
    }

    /** Stops a target, so the next one does not compete with it for the CPU. */
    public void stopTarget(TargetProcess target) {
        target.close();
        running.remove(target);
    }

    /** Runs a step whose results are thrown away (JIT, caches and pools on both sides warm up). */
    public LoadResult warmUp(LoadProfile profile, IntFunction<RequestIssuer> issuers) throws InterruptedException {
        try (RequestIssuer issuer = issuers.apply(profile.clients());
                StepProgress progress = StepProgress.open(profile.name() + " (warm-up)", expectedRequests(profile))) {
            return LoadEngine.run(profile, new ProgressReportingIssuer(issuer, progress));
        }
    }

    /** What a step that runs to its end starts: its budget, or fewer if its rate and duration allow fewer. */
    static long expectedRequests(LoadProfile profile) {
        if (profile.mode() == LoadProfile.Mode.OPEN) {
            double byRate = profile.ratePerSecond() * profile.duration().toNanos() / 1e9;
            return (long) Math.min(profile.maxRequests(), Math.ceil(byRate));
        }
        return profile.maxRequests();
    }

    /**
     * Runs one step against {@code target} and records it.
     *
     * @param issuers opens an issuer with the given number of clients; it is closed after the step
     */
    public Measurement measure(TargetProcess target, LoadProfile profile, IntFunction<RequestIssuer> issuers)
            throws InterruptedException {
        try (RequestIssuer issuer = issuers.apply(profile.clients())) {
            return measure(target, profile, issuer);
        }
    }

    /**
     * Runs one step with clients the caller keeps open across steps (opening a thousand client endpoints per step
     * would cost more than some steps), and records it.
     */
    public Measurement measure(TargetProcess target, LoadProfile profile, RequestIssuer issuer)
            throws InterruptedException {
        try {
            return measureStep(target, profile.name(), profile.describe(), expectedRequests(profile),
                    progress -> LoadEngine.run(profile, new ProgressReportingIssuer(issuer, progress)));
        } catch (InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A step the scenario drives itself (device fleets, pipelines), measured like a load step. */
    @FunctionalInterface
    public interface StepBody {
        LoadResult run(StepProgress progress) throws Exception;
    }

    /**
     * Runs {@code body} while sampling {@code target}, with a progress bar of {@code expected} units, and records
     * the step.
     */
    public Measurement measureStep(TargetProcess target, String step, String description, long expected,
            StepBody body) throws Exception {
        try (StepProgress progress = StepProgress.open(step, expected)) {
            long clientCpuBefore = LOAD_GENERATOR.getProcessCpuTime();
            ServerSample before = target.sample();
            LoadResult load = body.run(progress);
            ServerSample after = target.sample();
            progress.close(); // before the step's line, so the bar does not overwrite it
            double clientCpuMicros = (LOAD_GENERATOR.getProcessCpuTime() - clientCpuBefore) / 1e3;
            ServerUsage usage = ServerUsage.between(before, target.samples(), after, load.succeeded());
            Measurement measurement = new Measurement(target.label(), step, description, load, usage);
            measurements.add(measurement);
            System.out.printf(Locale.ROOT, "  %-18s %-14s %9.0f req/s  p50 %8.3f ms  p99 %8.3f ms  failed %d  "
                    + "server cpu %5.1f%% (%.0f µs/req, JIT %.2f s, GC %.2f s), load generator %.0f µs/req%n",
                    target.label(), step, load.throughputPerSecond(), load.latency().p50Micros() / 1e3,
                    load.latency().p99Micros() / 1e3, load.failed(), usage.cpuPercent(), usage.cpuMicrosPerRequest(),
                    usage.jitCpuSeconds(), usage.gcCpuSeconds(), clientCpuMicros / Math.max(1, load.succeeded()));
            return measurement;
        }
    }

    /** The target the others are compared with (ratios in the summary). */
    public void baseline(String targetLabel) {
        this.baseline = targetLabel;
    }

    /** A sentence for the summary's notes. */
    public void note(String text) {
        notes.add(text);
    }

    /** A figure the run is read by (see {@link Headline}); also printed at once. */
    public void headline(Headline headline) {
        headlines.add(headline);
        System.out.println("  => " + headline.figure() + ": " + headline.value()
                + (headline.goal().equals("-") ? "" : " (goal " + headline.goal() + ": " + headline.verdict() + ")"));
    }

    /** A table for summary.md and result.json. */
    public void table(ResultTable table) {
        tables.add(table);
    }

    /** One configuration's figures, as an object of the scenario's own, for result.json's {@code runs}. */
    public void run(Object figures) {
        runs.add(figures);
    }

    /** Draws a chart of the scenario's own into the output folder, listed in summary.md. */
    public void chart(String fileName, org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        io.coaptree.bench.report.ChartFiles.savePng(chart, outputDir(), fileName);
        charts.add(fileName);
    }

    /** A progress bar for work that is not a measured step (set-up, in-process comparisons). */
    public StepProgress progress(String step, long expected) {
        return StepProgress.open(step, expected);
    }

    List<Measurement> measurements() {
        return Collections.unmodifiableList(measurements);
    }

    List<TargetProcess> targets() {
        return Collections.unmodifiableList(started);
    }

    List<String> notes() {
        return Collections.unmodifiableList(notes);
    }

    List<Headline> headlines() {
        return List.copyOf(headlines);
    }

    List<ResultTable> tables() {
        return List.copyOf(tables);
    }

    List<String> charts() {
        return List.copyOf(charts);
    }

    List<Object> runs() {
        return List.copyOf(runs);
    }

    String baselineLabel() {
        return baseline;
    }

    void stopAll() {
        for (TargetProcess target : List.copyOf(running)) {
            stopTarget(target);
        }
    }
}
