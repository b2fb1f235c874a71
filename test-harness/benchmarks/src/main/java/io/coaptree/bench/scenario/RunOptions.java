package io.coaptree.bench.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How a scenario is run.
 *
 * @param outputDir  where result.json, summary.md, charts and target logs go
 * @param repoRoot   the checkout, to find built deployment packages
 * @param artifactsDir where this module's build copied the deployment packages (target/dps), may not exist
 * @param quick      a smoke run: every duration divided by 4 (figures not for publication)
 * @param settings   scenario-specific overrides from {@code --set key=value}
 * @param command    the command line, recorded in the report
 */
public record RunOptions(Path outputDir, Path repoRoot, Path artifactsDir, boolean quick,
        Map<String, String> settings, String command) {

    public RunOptions {
        Objects.requireNonNull(outputDir, "outputDir");
        Objects.requireNonNull(repoRoot, "repoRoot");
        settings = Map.copyOf(settings);
    }

    /** A duration as this run uses it: a quarter (at least one second) in quick runs. */
    public Duration scaled(Duration full) {
        if (!quick) {
            return full;
        }
        Duration quarter = full.dividedBy(4);
        return quarter.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : quarter;
    }

    /** A text setting ({@code --set key=value}), or {@code fallback}. */
    public String setting(String key, String fallback) {
        return settings.getOrDefault(key, fallback);
    }

    public int setting(String key, int fallback) {
        String value = settings.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be an integer, was " + value, e);
        }
    }
}
