package io.coaptree.bench;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import io.coaptree.bench.report.ReportWriter;
import io.coaptree.bench.scenario.MachineInfo;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.RunReport;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioCatalog;
import io.coaptree.bench.scenario.ScenarioRunner;
import io.coaptree.bench.seeds.SeedSuite;

/**
 * Command line of the benchmark module.
 * <pre>
 * java -jar coaptree-benchmarks.jar list
 * java -jar coaptree-benchmarks.jar run SCENARIO [--quick] [--out DIR] [--set key=value]...
 * java -jar coaptree-benchmarks.jar run seeds [--quick] [--out DIR] [--set key=value]...
 * java -jar coaptree-benchmarks.jar jmh [JMH options and benchmark regex, e.g. Serialize -f 1 -wi 3 -i 5]
 * </pre>
 */
public final class Benchmarks {

    private static final String JAR = "java -jar test-harness/benchmarks/target/coaptree-benchmarks.jar";
    /** {@code run seeds}: the four seed scenarios in one go. */
    private static final String SEEDS = "seeds";

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        // the generator's Californium logs an INFO line per client endpoint; targets keep their own logging
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        String command = args.length == 0 ? "help" : args[0];
        switch (command) {
            case "list" -> ScenarioCatalog.all().forEach(s -> System.out.println(s.name() + "\n    " + s.description()));
            case "run" -> System.exit(run(Arrays.copyOfRange(args, 1, args.length)));
            case "driver-reads" -> System.exit(io.coaptree.bench.driver.DriverReadsBench.run(codeHome(), repoRoot(),
                    driverSettings(Arrays.copyOfRange(args, 1, args.length))));
            case "jmh" -> {
                // JMH's own output names no machine: this line is the one to quote with its figures
                System.out.println("machine: " + MachineInfo.detect().describe());
                org.openjdk.jmh.Main.main(Arrays.copyOfRange(args, 1, args.length));
            }
            default -> {
                usage();
                System.exit(command.equals("help") ? 0 : 2);
            }
        }
    }

    private static int run(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
            return 2;
        }
        if (args[0].equals(SEEDS)) {
            return runSeeds(args);
        }
        Optional<Scenario> found = ScenarioCatalog.find(args[0]);
        if (found.isEmpty()) {
            System.err.println("unknown scenario " + args[0] + "; known: "
                    + ScenarioCatalog.all().stream().map(Scenario::name).toList() + " and " + SEEDS);
            return 2;
        }
        Scenario scenario = found.get();
        RunOptions options = options(args, scenario.name());
        System.out.println("scenario " + scenario.name() + " -> " + options.outputDir());
        RunReport report = ScenarioRunner.run(scenario, options);
        ReportWriter.write(report, options.outputDir());
        System.out.println("wrote " + options.outputDir().resolve(ReportWriter.SUMMARY_MD));
        return 0;
    }

    /** {@code run seeds}: the four seed scenarios, each in a folder of its own, and one closing table. */
    private static int runSeeds(String[] args) throws Exception {
        RunOptions suite = options(args, SEEDS);
        System.out.println("seed scenarios -> " + suite.outputDir());
        String table = SeedSuite.run(suite.outputDir(), dir -> new RunOptions(dir, suite.repoRoot(),
                suite.artifactsDir(), suite.quick(), suite.settings(), suite.command()),
                MachineInfo.detect().describe());
        System.out.println("\n" + table);
        System.out.println("wrote " + suite.outputDir().resolve(SeedSuite.SUMMARY));
        return 0;
    }

    /** The options after the scenario name: --quick, --out DIR, --set key=value. */
    private static RunOptions options(String[] args, String name) {
        boolean quick = false;
        Path out = null;
        Map<String, String> settings = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--set" -> {
                    String pair = value(args, ++i, "--set");
                    int eq = pair.indexOf('=');
                    if (eq < 1) {
                        throw new IllegalArgumentException("--set expects key=value, was " + pair);
                    }
                    settings.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path repoRoot = repoRoot();
        if (out == null) {
            String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
            out = repoRoot.resolve("benchmark-results").resolve(name + "-" + stamp);
        }
        return new RunOptions(out.toAbsolutePath(), repoRoot, codeHome().resolve("dps"), quick, settings,
                JAR + " run " + String.join(" ", args));
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** The checkout: the first directory, upwards from here or from this jar, that holds this module. */
    /** {@code --set key=value} pairs of {@code driver-reads}. */
    private static Map<String, String> driverSettings(String[] args) {
        Map<String, String> settings = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--set") && i + 1 < args.length && args[i + 1].contains("=")) {
                String[] pair = args[++i].split("=", 2);
                settings.put(pair[0], pair[1]);
            }
        }
        return settings;
    }

    static Path repoRoot() {
        for (Path start : new Path[] {Path.of("").toAbsolutePath(), codeHome()}) {
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                if (Files.isRegularFile(dir.resolve("test-harness/benchmarks/pom.xml"))) {
                    return dir;
                }
            }
        }
        return Path.of("").toAbsolutePath();
    }

    /** The folder holding this jar (or target/ when run from classes). */
    static Path codeHome() {
        try {
            Path code = Path.of(Benchmarks.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent();
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("").toAbsolutePath();
        }
    }

    private static void usage() {
        System.out.println("""
                usage:
                  %1$s list
                  %1$s run SCENARIO [--quick] [--out DIR] [--set key=value]...
                  %1$s run seeds [--quick]     (the four seed-* scenarios and one closing table)
                  %1$s jmh [JMH options] [benchmark regex]      (e.g. jmh Serialize -f 1 -wi 3 -i 5)
                results go to benchmark-results/SCENARIO-TIMESTAMP/ at the repository root unless --out is given
                """.formatted(JAR));
    }
}
