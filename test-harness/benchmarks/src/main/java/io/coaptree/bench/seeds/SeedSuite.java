package io.coaptree.bench.seeds;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.coaptree.bench.report.ReportWriter;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.RunReport;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioRunner;
import io.coaptree.bench.seeds.coaptree.SeedCoaptreeScenario;
import io.coaptree.bench.seeds.iotfm.SeedIotfmScenario;
import io.coaptree.bench.seeds.iotivity.SeedIotivityScenario;
import io.coaptree.bench.seeds.seganet.SeedSeganetScenario;

/**
 * {@code run seeds}: the four published evaluations CoAPTree was designed from, one after the other, each into a
 * folder of its own under the run's folder, then one table of every scenario's headline figures against its goals
 * (printed, and written as {@value #SUMMARY}).
 */
public final class SeedSuite {

    public static final String SUMMARY = "seeds-summary.md";

    private SeedSuite() {
    }

    public static List<Scenario> scenarios() {
        return List.of(new SeedCoaptreeScenario(), new SeedIotivityScenario(), new SeedSeganetScenario(),
                new SeedIotfmScenario());
    }

    /**
     * @param optionsFor the options of one scenario, given its output folder
     * @return the closing table, also written to {@code outputDir/seeds-summary.md}
     */
    public static String run(Path outputDir, Function<Path, RunOptions> optionsFor, String machine)
            throws Exception {
        long start = System.nanoTime();
        ResultTable.Builder table = new ResultTable.Builder("Seed scenarios", "scenario", "figure", "value", "goal",
                "verdict", "scenario s");
        List<String> failures = new ArrayList<>();
        for (Scenario scenario : scenarios()) {
            Path dir = outputDir.resolve(scenario.name());
            System.out.println("\n=== " + scenario.name() + " -> " + dir);
            try {
                RunReport report = ScenarioRunner.run(scenario, optionsFor.apply(dir));
                ReportWriter.write(report, dir);
                for (Headline h : report.headlines()) {
                    table.row(scenario.name(), h.figure(), h.value(), h.goal(), h.verdict(),
                            String.format(Locale.ROOT, "%.0f", report.durationSeconds()));
                }
            } catch (Exception | Error e) {
                // one scenario's failure is reported and the others still run
                e.printStackTrace();
                failures.add(scenario.name() + ": " + e);
                table.row(scenario.name(), "did not complete", String.valueOf(e), "-", "failed", "-");
            }
        }
        StringBuilder md = new StringBuilder("# Seed scenarios\n\n- machine: ").append(machine)
                .append(String.format(Locale.ROOT, "%n- total: %.0f s%n%n", (System.nanoTime() - start) / 1e9));
        ReportWriter.appendTable(md, table.build());
        failures.forEach(f -> md.append("\n- failed: ").append(f));
        Files.createDirectories(outputDir);
        Files.writeString(outputDir.resolve(SUMMARY), md);
        return md.toString();
    }
}
