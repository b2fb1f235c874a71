package io.coaptree.properties;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Every setting of one configurable component, in the order the WebUI lists them: the one definition the component's
 * options classes read through and the build writes the Kura metatype from ({@code OSGI-INF/metatype/<pid>.xml},
 * see {@code io.coaptree.properties.metatype}).
 *
 * @param pid the component's configuration PID, which Kura also uses as the metatype's OCD id and file name
 * @param name the title of the component's page in the WebUI
 * @param description what the component does, shown above its settings
 * @param factory whether operators create instances of it under "+" (a factory PID) rather than configure one
 * @param settings in WebUI order, ids unique
 */
public record ComponentSettings(String pid, String name, String description, boolean factory,
        List<Setting<?>> settings) {

    public ComponentSettings {
        Objects.requireNonNull(pid, "pid");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        settings = List.copyOf(settings);
        Set<String> ids = new HashSet<>();
        for (Setting<?> setting : settings) {
            if (!ids.add(setting.id())) {
                throw new IllegalArgumentException(pid + ": setting " + setting.id() + " is defined twice");
            }
        }
    }

    /** A singleton component's settings. */
    public static ComponentSettings of(String pid, String name, String description, List<Setting<?>> settings) {
        return new ComponentSettings(pid, name, description, false, settings);
    }

    /** @return the same settings for a factory component */
    public ComponentSettings asFactory() {
        return new ComponentSettings(pid, name, description, true, settings);
    }

    /** Joins the settings of several options classes that one component reads, in the order given. */
    @SafeVarargs
    public static List<Setting<?>> join(List<Setting<?>>... parts) {
        List<Setting<?>> all = new ArrayList<>();
        for (List<Setting<?>> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    /** @return the setting with this id, or {@code null} */
    public Setting<?> setting(String id) {
        return settings.stream().filter(s -> s.id().equals(id)).findFirst().orElse(null);
    }

    /**
     * @return every default as the metatype states it (text), keyed by id in WebUI order; what Kura turns into the
     *         first configuration of a component nobody has configured yet
     */
    public Map<String, String> defaultTexts() {
        Map<String, String> defaults = new LinkedHashMap<>();
        settings.forEach(s -> defaults.put(s.id(), s.defaultText()));
        return defaults;
    }
}
