package io.coaptree.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.coaptree.bench.load.LatencySummary;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.scenario.Comparison;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.MachineInfo;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunReport;
import io.coaptree.bench.scenario.ServerUsage;
import io.coaptree.bench.server.ServerSample;

class ReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void aRunIsWrittenAsJsonMarkdownAndCharts() throws Exception {
        List<Measurement> measurements = List.of(measurement("ours", 800, 400), measurement("bare", 1000, 200));
        List<ServerSample> samples = List.of(new ServerSample(0, 0, 20, 1 << 20, 1 << 20, 2 << 20, 0, 0, 0),
                new ServerSample(0.5, 200_000_000, 22, 1 << 21, 3 << 20, 4 << 20, 50_000_000, 0, 10_000_000),
                new ServerSample(1.0, 600_000_000, 21, 1 << 21, 2 << 20, 4 << 20, 100_000_000, 20_000_000, 30_000_000));
        RunReport report = new RunReport("demo", "a test run", "2025-01-01T00:00:00Z", 12.5, "run demo", true,
                MachineInfo.detect(), "bare", measurements, Comparison.against("bare", measurements),
                Map.of("ours", samples, "bare", samples), List.of("a note"),
                List.of(Headline.against("p99", "4 ms", "< 50 ms", true)),
                List.of(new ResultTable.Builder("Offered against achieved", "offered", "achieved").row(100, 99).build()),
                List.of(), List.of(Map.of("gateways", 10)));

        ReportWriter.write(report, dir);

        JsonNode json = new ObjectMapper().readTree(dir.resolve(ReportWriter.RESULT_JSON).toFile());
        assertEquals("demo", json.get("scenario").asText());
        assertEquals(2, json.get("measurements").size());
        JsonNode first = json.get("measurements").get(0);
        assertEquals(400, first.at("/load/latency/p99Micros").asLong());
        assertEquals("PT10S", first.at("/load/profile/duration").asText());
        assertEquals(0.8, json.at("/comparisons/0/throughputRatio").asDouble(), 1e-9);
        assertEquals(2.0, json.at("/comparisons/0/p99Ratio").asDouble(), 1e-9);
        // every figure is quoted with the machine the run read, so both files must carry it
        assertEquals(report.machine().cpuModel(), json.at("/machine/cpuModel").asText());
        assertEquals(10, json.at("/runs/0/gateways").asInt(), "a scenario's own objects, one per configuration");

        String summary = Files.readString(dir.resolve(ReportWriter.SUMMARY_MD));
        assertTrue(summary.contains("| ours | closed-4 | closed loop, 4 clients | 800 |"), summary);
        // of the 500 µs of CPU per request, JIT 0.1 s and GC 0.02 s over 1000 requests
        assertTrue(summary.contains("| 50 | 500.0 | 100.0 | 20.0 |"), summary);
        assertTrue(summary.contains("| closed-4 | ours | 0.80 | 1.00 | 2.00 |"), summary);
        assertTrue(summary.contains("quick run"));
        assertTrue(summary.contains("- machine: " + report.machine().describe() + "\n"), summary);
        assertTrue(summary.contains("| p99 | 4 ms | < 50 ms | met |"), summary);
        assertTrue(summary.contains("| offered | achieved |\n|---|---|\n| 100 | 99 |"), summary);
        for (String chart : List.of("throughput.png", "latency.png", "latency-percentiles.png", "server-cpu.png",
                "server-threads.png", "server-heap.png")) {
            assertTrue(Files.size(dir.resolve(chart)) > 0, chart);
            assertTrue(summary.contains("(" + chart + ")"), chart);
        }
    }

    private static Measurement measurement(String target, double throughput, long p99) {
        LoadProfile profile = LoadProfile.closedLoop("closed-4", 4, Duration.ofSeconds(10), 1000);
        LatencySummary latency = new LatencySummary(1000, 120, 100, 150, p99, p99 * 2, p99 * 3);
        LoadResult load = new LoadResult("closed-4", profile, 1000, 1000, Map.of(), 1000 / throughput, throughput,
                latency, List.of(new LoadResult.IntervalPoint(1, 1000, 100, p99, p99 * 3)),
                List.of(new LoadResult.PercentilePoint(50, 100), new LoadResult.PercentilePoint(99, p99),
                        new LoadResult.PercentilePoint(100, p99 * 3)));
        return new Measurement(target, "closed-4", profile.describe(), load,
                new ServerUsage(0.5, 50, 500, 20, 22, 3 << 20, 2 << 20, 0.1, 0.02, 0.1));
    }
}
