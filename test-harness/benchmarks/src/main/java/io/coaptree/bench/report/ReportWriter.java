package io.coaptree.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;

import io.coaptree.bench.load.LatencySummary;
import io.coaptree.bench.scenario.Comparison;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunReport;

/** Writes a run's result.json, summary.md and PNG charts into its output folder. */
public final class ReportWriter {

    public static final String RESULT_JSON = "result.json";
    public static final String SUMMARY_MD = "summary.md";

    private ReportWriter() {
    }

    public static void write(RunReport report, Path dir) throws IOException {
        Files.createDirectories(dir);
        json().writeValue(dir.resolve(RESULT_JSON).toFile(), report);
        List<String> charts = new java.util.ArrayList<>(report.charts());
        charts.addAll(Charts.write(report, dir));
        Files.writeString(dir.resolve(SUMMARY_MD), summary(report, charts));
    }

    /** The mapper result.json is written with (durations as ISO-8601 strings such as "PT8S"). */
    public static ObjectMapper json() {
        SimpleModule durations = new SimpleModule("durations").addSerializer(Duration.class, ToStringSerializer.instance);
        return new ObjectMapper().registerModule(durations).enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** µs per successful request, or "-" when unknown. */
    private static String perRequest(double seconds, Measurement m) {
        long ok = m.load().succeeded();
        return seconds < 0 || ok == 0 ? "-" : String.format(Locale.ROOT, "%.1f", seconds * 1e6 / ok);
    }

    static String summary(RunReport report, List<String> charts) {
        StringBuilder md = new StringBuilder();
        md.append("# Benchmark `").append(report.scenario()).append("`\n\n");
        md.append(report.description()).append("\n\n");
        md.append("- started: ").append(report.startedAt()).append(String.format(Locale.ROOT, " (%.0f s)",
                report.durationSeconds())).append('\n');
        md.append("- machine: ").append(report.machine().describe()).append('\n');
        md.append("- command: `").append(report.command()).append("`\n");
        if (report.quick()) {
            md.append("- **quick run** (durations divided by 4): a smoke test, not figures to quote\n");
        }
        if (!report.headlines().isEmpty()) {
            md.append("\n## Headline figures\n\n| figure | value | goal | verdict |\n|---|---|---|---|\n");
            for (Headline h : report.headlines()) {
                md.append("| ").append(h.figure()).append(" | ").append(h.value()).append(" | ").append(h.goal())
                        .append(" | ").append(h.verdict()).append(" |\n");
            }
        }
        for (ResultTable table : report.tables()) {
            md.append("\n## ").append(table.title()).append("\n\n");
            appendTable(md, table);
        }
        if (report.measurements().isEmpty()) {
            appendNotesAndCharts(md, report, charts);
            return md.toString();
        }
        md.append("\n## Results\n\n");
        md.append("Latency in ms. Server columns are the server process alone (CPU in % of one core; of its CPU "
                + "per request, what its JIT compiler and garbage collector threads used).\n\n");
        md.append("| target | step | load | req/s | p50 | p90 | p99 | p99.9 | max | ok | failed | server CPU % "
                + "| CPU µs/req | of which JIT | of which GC | threads | heap MiB | RSS MiB |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Measurement m : report.measurements()) {
            LatencySummary l = m.load().latency();
            md.append(String.format(Locale.ROOT,
                    "| %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %d | %s | %.0f | %.1f | %s | %s | %d | %.1f | %.1f |%n",
                    m.target(), m.step(), m.description(), m.load().throughputPerSecond(), ms(l.p50Micros()),
                    ms(l.p90Micros()), ms(l.p99Micros()), ms(l.p999Micros()), ms(l.maxMicros()), m.load().succeeded(),
                    failures(m), m.server().cpuPercent(), m.server().cpuMicrosPerRequest(),
                    perRequest(m.server().jitCpuSeconds(), m), perRequest(m.server().gcCpuSeconds(), m),
                    m.server().threadsMax(), mib(m.server().heapUsedMaxBytes()), mib(m.server().rssMaxBytes())));
        }
        if (!report.comparisons().isEmpty()) {
            md.append("\n## Against `").append(report.baseline()).append("`\n\n");
            md.append("Target divided by baseline on the same step: throughput below 1, latency or CPU above 1 "
                    + "is overhead.\n\n");
            md.append("| step | target | throughput | p50 | p99 | server CPU per request |\n");
            md.append("|---|---|---:|---:|---:|---:|\n");
            for (Comparison c : report.comparisons()) {
                md.append(String.format(Locale.ROOT, "| %s | %s | %.2f | %.2f | %.2f | %.2f |%n", c.step(),
                        c.target(), c.throughputRatio(), c.p50Ratio(), c.p99Ratio(), c.cpuPerRequestRatio()));
            }
        }
        appendNotesAndCharts(md, report, charts);
        return md.toString();
    }

    private static void appendNotesAndCharts(StringBuilder md, RunReport report, List<String> charts) {
        if (!report.notes().isEmpty()) {
            md.append("\n## Notes\n\n");
            report.notes().forEach(note -> md.append("- ").append(note).append('\n'));
        }
        if (!charts.isEmpty()) {
            md.append("\n## Charts\n\n");
            charts.forEach(chart -> md.append("![").append(chart).append("](").append(chart).append(")\n"));
        }
    }

    /** A markdown table; also used for the closing table of {@code run seeds}. */
    public static void appendTable(StringBuilder md, ResultTable table) {
        md.append("| ").append(String.join(" | ", table.columns())).append(" |\n|");
        table.columns().forEach(c -> md.append("---|"));
        md.append('\n');
        for (List<String> row : table.rows()) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
    }

    private static String failures(Measurement m) {
        if (m.load().failures().isEmpty()) {
            return "0";
        }
        StringBuilder text = new StringBuilder().append(m.load().failed()).append(" (");
        m.load().failures().forEach((reason, count) -> text.append(reason).append(": ").append(count).append(", "));
        text.setLength(text.length() - 2);
        return text.append(')').toString();
    }

    static String ms(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1e3);
    }

    static double mib(long bytes) {
        return bytes < 0 ? -1 : bytes / (1024.0 * 1024);
    }
}
