package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.junit.Prerequisites;

/** The emulated node runs what Kura 5.6 runs: Kura's bundles at Kura's exact versions, and nothing else. */
class KuraRuntimeSetTest {

    /**
     * Stand-ins for Kura's own core bundles (not on Maven Central): the emulated services. The API stand-in carries
     * Kura's own name and version (org.eclipse.kura.api 2.8.0) and is checked like any other bundle.
     */
    private static final Set<String> EMULATED = Set.of("io.coaptree.harness.kura");

    @Test
    void everyBundleOfTheNodeIsAKuraBundleAtKurasVersion() throws Exception {
        Set<KuraRelease.KuraBundle> kura = Set.copyOf(KuraRelease.kura56().bundles());
        try (KuraNode node = KuraNode.builder("runtime-set").start()) {
            List<BundleInfo> strays = node.bundles().stream()
                    .filter(b -> !EMULATED.contains(b.symbolicName()))
                    .filter(b -> !kura.contains(new KuraRelease.KuraBundle(b.symbolicName(), b.version())))
                    .collect(Collectors.toList());
            assertEquals(List.of(), strays, "bundles a Kura 5.6 gateway does not run at these versions");
            Set<String> names = node.bundles().stream().map(BundleInfo::symbolicName).collect(Collectors.toSet());
            for (String required : List.of("org.eclipse.osgi", "org.apache.felix.scr", "org.eclipse.equinox.cm",
                    "org.eclipse.equinox.metatype", "org.apache.felix.deploymentadmin", "org.eclipse.kura.api")) {
                assertTrue(names.contains(required), required + " missing: " + names);
            }
        }
    }

    @Test
    void theListsInTheNodeAreTheSharedOnes() throws Exception {
        Path shared = Path.of("../../../shared/kura").toAbsolutePath().normalize();
        if (!Files.isDirectory(shared)) {
            throw Prerequisites.missing("no shared/kura beside the checkout: " + shared);
        }
        for (String name : List.of("bundles", "exports", "capabilities")) {
            assertEquals(Files.readString(shared.resolve("kura-5.6-" + name + ".tsv")),
                    KuraRelease.text(name + ".tsv"), name + ".tsv differs from " + shared);
        }
    }
}
