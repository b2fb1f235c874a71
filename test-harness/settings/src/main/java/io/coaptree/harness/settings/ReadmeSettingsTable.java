package io.coaptree.harness.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.Setting;

/**
 * The settings table of a bundle's README: rows {@code | `id` | default | meaning |}. Every setting has a row, and
 * the default column says the defined default, so the README cannot drift from the code.
 */
final class ReadmeSettingsTable {

    /** How the tables write an empty default. */
    private static final Set<String> EMPTY = Set.of("", "(empty)", "empty", "-", "—", "none");

    private ReadmeSettingsTable() {
    }

    static List<String> violations(ComponentSettings settings, Path readme) throws IOException {
        if (!Files.isRegularFile(readme)) {
            return List.of(readme + " is missing");
        }
        List<String> lines = Files.readAllLines(readme);
        List<String> problems = new ArrayList<>();
        for (Setting<?> s : settings.settings()) {
            String row = lines.stream().filter(l -> l.startsWith("| `" + s.id() + "` |")).findFirst().orElse(null);
            if (row == null) {
                problems.add("README.md has no settings-table row | `" + s.id() + "` | " + s.defaultText() + " | ... |");
                continue;
            }
            String[] cells = row.split("\\|");
            String written = cells.length > 2 ? cells[2].trim().replace("`", "") : "";
            boolean agrees = s.defaultText().isEmpty() ? EMPTY.contains(written) : s.defaultText().equals(written);
            if (!agrees) {
                problems.add("README.md gives " + s.id() + " the default '" + written + "', the code '"
                        + s.defaultText() + "'");
            }
        }
        return problems;
    }
}
