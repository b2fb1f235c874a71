package io.coaptree.harness.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * Holds a configurable bundle's settings together with everything that repeats them: the metatype the build wrote
 * (found in the module's output folder, so a bundle that forgot to name its options class fails), the options class
 * that reads the configuration (it must read every setting through its definition, and the metatype's defaults as
 * Kura delivers them must give the same options as no configuration at all), and the settings table of the
 * bundle's README (every setting listed, with its default).
 */
public final class SettingsAgreement {

    private final ComponentSettings settings;
    private final Function<Map<String, Object>, ?> reader;
    private final Map<String, Object> base;

    /**
     * @param settings the component's definition
     * @param reader reads options from a configuration, as the component does (for example
     *            {@code Options::fromProperties}); it must refuse a bad value with {@link InvalidPropertyException}
     * @param base values every configuration needs to be valid at all (a node name, say), added under each probe
     */
    public SettingsAgreement(ComponentSettings settings, Function<Map<String, Object>, ?> reader,
            Map<String, Object> base) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.base = Map.copyOf(base);
    }

    /** @return what disagrees, one line each; empty when all agree */
    public List<String> violations(Path moduleDir) throws IOException {
        List<String> problems = new ArrayList<>();
        problems.addAll(WrittenMetatype.violations(settings,
                moduleDir.resolve("target/classes/OSGI-INF/metatype/" + settings.pid() + ".xml")));
        problems.addAll(defaultsAgree());
        for (Setting<?> setting : settings.settings()) {
            String bad = badValueFor(setting);
            if (bad != null) {
                refused(setting, bad, problems);
            }
        }
        problems.addAll(ReadmeSettingsTable.violations(settings, moduleDir.resolve("README.md")));
        return problems;
    }

    private List<String> defaultsAgree() {
        Map<String, Object> delivered = new HashMap<>(base);
        for (Setting<?> s : settings.settings()) {
            Object typed = typedDefault(s);
            if (typed != null) {
                delivered.putIfAbsent(s.id(), typed);
            }
        }
        Object fromMetatype = reader.apply(delivered);
        Object fromNothing = reader.apply(new HashMap<>(base));
        if (!Objects.equals(fromMetatype, fromNothing)) {
            return List.of("the metatype's defaults read as " + fromMetatype + " but no configuration reads as "
                    + fromNothing + ": the options class has a default of its own");
        }
        return List.of();
    }

    /** As Kura's ConfigurationService turns an AD default into the value a component receives. */
    private static Object typedDefault(Setting<?> s) {
        String text = s.defaultText();
        return switch (s.type()) {
            case INTEGER -> Integer.valueOf(text);
            case LONG -> Long.valueOf(text);
            case BOOLEAN -> Boolean.valueOf(text);
            case STRING -> text;
            case PASSWORD -> null;
        };
    }

    /** @return a value the setting's own definition refuses, or null where any text is fine */
    private static String badValueFor(Setting<?> s) {
        if (s.max() != null) {
            return s.max() == Long.MAX_VALUE ? Long.toString(s.min() - 1) : Long.toString(s.max() + 1);
        }
        if (!s.choices().isEmpty()) {
            return "not-one-of-the-choices";
        }
        return switch (s.type()) {
            case INTEGER, LONG -> "not-a-number";
            case BOOLEAN -> "maybe";
            default -> null;
        };
    }

    private void refused(Setting<?> setting, String bad, List<String> problems) {
        Map<String, Object> probe = new HashMap<>(base);
        probe.put(setting.id(), bad);
        try {
            reader.apply(probe);
            problems.add(setting.id() + " = '" + bad + "' was accepted: the options class does not read it through "
                    + "its definition");
        } catch (InvalidPropertyException e) {
            if (!setting.id().equals(e.field())) {
                problems.add(setting.id() + " = '" + bad + "' was refused naming " + e.field());
            }
        }
    }

    /** @return the module folder of the calling test (Maven runs tests with it as the working directory) */
    public static Path moduleDir() {
        Path here = Path.of("").toAbsolutePath();
        if (!Files.isRegularFile(here.resolve("pom.xml"))) {
            throw new IllegalStateException(here + " is not a module folder");
        }
        return here;
    }
}
