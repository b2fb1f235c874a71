package io.coaptree.harness.node;

import static io.coaptree.harness.node.KuraNodeServicesTest.PROBE_RESULT;
import static io.coaptree.harness.node.KuraNodeServicesTest.sha256;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several nodes per JVM (the hierarchy tests run three) and a node's state across a restart. */
class KuraNodeIsolationTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void twoNodesOnDifferentFrameworksRunSideBySideWithTheirOwnConfiguration(@TempDir Path dir) throws Exception {
        try (KuraNode felix = KuraNode.builder("left").framework(FrameworkKind.FELIX).storage(dir.resolve("left"))
                .start();
                KuraNode equinox = KuraNode.builder("right").framework(FrameworkKind.EQUINOX)
                        .storage(dir.resolve("right")).start()) {
            assertNotEquals(felix.storage(), equinox.storage());
            felix.applySnapshot(Files.writeString(dir.resolve("l.xml"), Snapshots.probe(felix.encryptPassword("L"))));
            equinox.applySnapshot(
                    Files.writeString(dir.resolve("r.xml"), Snapshots.probe(equinox.encryptPassword("R"))));
            assertTrue(felix.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("L") + ")", WAIT));
            assertTrue(equinox.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("R") + ")", WAIT));
            assertEquals(sha256("L"), felix.serviceProperty(PROBE_RESULT, null, "secret.sha256"));
            assertEquals(sha256("R"), equinox.serviceProperty(PROBE_RESULT, null, "secret.sha256"));
            assertTrue(equinox.bundles().stream().anyMatch(b -> b.symbolicName().equals("org.eclipse.osgi")));
        }
    }

    @Test
    void aForeignKeyMakesPasswordsUndecryptable(@TempDir Path dir) throws Exception {
        try (KuraNode node = KuraNode.builder("foreign-key")
                .frameworkProperty("coaptree.harness.crypto.key", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
                .start()) {
            String fromDefaultKey = io.coaptree.harness.kura.crypto.AesGcmPasswordCipher.fromBase64Key(null)
                    .encrypt("x");
            node.applySnapshot(Files.writeString(dir.resolve("s.xml"), Snapshots.probe(fromDefaultKey)));
            assertTrue(node.awaitServiceProperty(PROBE_RESULT, "(secret.state=undecryptable)", WAIT));
            assertFalse(node.encryptPassword("x").isEmpty());
        }
    }

    @Test
    void restartKeepsConfigurationAndReinstallsDeploymentPackages(@TempDir Path dir) throws Exception {
        Path storage = dir.resolve("node");
        Path bundle = TestJars.bundle(dir.resolve("kept.jar"), "test.kept", "1.0.0", Map.of());
        Path dp = TestJars.deploymentPackage(dir.resolve("kept.dp"), "test.kept.dp", "1.0.0", bundle, "test.kept",
                "1.0.0");
        try (KuraNode node = KuraNode.builder("restart").storage(storage).deploymentPackage(dp).start()) {
            node.updateConfiguration(KuraNodeServicesTest.PROBE_PID, Map.of("secret", "kept"));
        }
        try (KuraNode node = KuraNode.builder("restart").storage(storage).start()) {
            assertTrue(node.bundles().contains(new BundleInfo("test.kept", "1.0.0", "ACTIVE")), () -> "bundles: "
                    + node.bundles());
            assertTrue(node.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("kept") + ")", WAIT));
        }
        assertTrue(Files.isDirectory(storage), "a caller-owned storage dir is never deleted");
    }
}
