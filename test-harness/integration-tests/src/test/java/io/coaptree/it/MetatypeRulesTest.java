package io.coaptree.it;

import io.coaptree.harness.node.MetatypeCheck;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every bundle we ship renders in the Kura WebUI: its metatype follows Kura's rules. */
class MetatypeRulesTest {

    @Test
    void everyShippedBundleFollowsKurasMetatypeRules(@TempDir Path work) throws IOException {
        List<String> violations = new ArrayList<>();
        int checked = 0;
        for (Path dp : List.of(Packages.core(), Packages.examples())) {
            for (Path bundle : extractBundles(dp, work)) {
                checked++;
                MetatypeCheck.violations(bundle).forEach(v -> violations.add(bundle.getFileName() + ": " + v));
            }
        }
        assertTrue(checked > 0, "the packages hold bundles");
        assertEquals(List.of(), violations);
    }

    @Test
    void theServerComponentHasMetatypeForTheWebUi() throws IOException {
        try (JarFile dp = new JarFile(Packages.core().toFile())) {
            assertTrue(dp.stream().anyMatch(e -> e.getName().endsWith(".jar") && e.getName().contains("io.coaptree.server")),
                    "the coaptree package carries the server bundle");
        }
        Path server = extractBundles(Packages.core(), Files.createTempDirectory("server")).stream()
                .filter(p -> p.getFileName().toString().contains("io.coaptree.server")).findFirst().orElseThrow();
        try (JarFile jar = new JarFile(server.toFile())) {
            assertTrue(jar.getEntry("OSGI-INF/metatype/" + TestGateway.SERVER_PID + ".xml") != null,
                    "metatype named after the PID, as Kura looks it up");
        }
    }

    private static List<Path> extractBundles(Path dp, Path into) throws IOException {
        List<Path> bundles = new ArrayList<>();
        try (JarFile jar = new JarFile(dp.toFile())) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                JarEntry entry = entries.nextElement();
                if (!entry.getName().endsWith(".jar")) {
                    continue;
                }
                Path target = into.resolve(Path.of(entry.getName()).getFileName().toString());
                try (InputStream in = jar.getInputStream(entry)) {
                    Files.copy(in, target);
                }
                bundles.add(target);
            }
        }
        return bundles;
    }
}
