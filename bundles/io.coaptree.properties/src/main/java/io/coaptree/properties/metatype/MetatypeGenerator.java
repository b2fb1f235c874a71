package io.coaptree.properties.metatype;

import java.io.IOException;
import java.io.Writer;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.coaptree.properties.ComponentSettings;

/**
 * The build step that writes a bundle's metatype: run after compilation with the output folder and the classes that
 * declare a {@code public static final} {@link ComponentSettings}; it writes {@code <pid>.xml} for each into the
 * folder, which bnd then packs into the bundle. Kept out of the bundle's exports: only the build calls it.
 * <p>
 * Usage: {@code MetatypeGenerator <output folder> <class> [<class>...]}
 */
public final class MetatypeGenerator {

    private MetatypeGenerator() {
    }

    public static void main(String[] args) throws IOException, ReflectiveOperationException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: MetatypeGenerator <output folder> <class> [<class>...]");
        }
        Path folder = Path.of(args[0]);
        Files.createDirectories(folder);
        for (int i = 1; i < args.length; i++) {
            List<ComponentSettings> found = settingsOf(Class.forName(args[i].trim(), true,
                    Thread.currentThread().getContextClassLoader()));
            if (found.isEmpty()) {
                throw new IllegalArgumentException(args[i] + " declares no public static ComponentSettings");
            }
            for (ComponentSettings component : found) {
                Path file = folder.resolve(component.pid() + ".xml");
                try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    MetatypeXml.write(component, out);
                }
            }
        }
    }

    static List<ComponentSettings> settingsOf(Class<?> type) throws IllegalAccessException {
        List<ComponentSettings> found = new ArrayList<>();
        for (Field field : type.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ComponentSettings.class) {
                found.add((ComponentSettings) field.get(null));
            }
        }
        return found;
    }
}
