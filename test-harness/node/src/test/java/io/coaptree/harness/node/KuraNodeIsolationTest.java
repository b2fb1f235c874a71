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
    void twoNodesRunSideBySideWithTheirOwnConfiguration(@TempDir Path dir) throws Exception {
        try (KuraNode left = KuraNode.builder("left").storage(dir.resolve("left")).start();
                KuraNode right = KuraNode.builder("right").storage(dir.resolve("right")).start()) {
            assertNotEquals(left.storage(), right.storage());
            assertTrue(left.awaitListed(WAIT, KuraNodeServicesTest.PROBE_PID));
            assertTrue(right.awaitListed(WAIT, KuraNodeServicesTest.PROBE_PID));
            left.applySnapshot(Files.writeString(dir.resolve("l.xml"), Snapshots.probe(left.encryptPassword("L"))));
            right.applySnapshot(
                    Files.writeString(dir.resolve("r.xml"), Snapshots.probe(right.encryptPassword("R"))));
            assertTrue(left.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("L") + ")", WAIT));
            assertTrue(right.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("R") + ")", WAIT));
            assertEquals(sha256("L"), left.serviceProperty(PROBE_RESULT, null, "secret.sha256"));
            assertEquals(sha256("R"), right.serviceProperty(PROBE_RESULT, null, "secret.sha256"));
        }
    }

    @Test
    void aSnapshotEncryptedWithAnotherGatewaysKeyLeavesPasswordsUndecryptable(@TempDir Path dir) throws Exception {
        String fromDefaultKey = io.coaptree.harness.kura.crypto.AesGcmPasswordCipher.fromBase64Key(null).encrypt("x");
        Path snapshot = Files.writeString(dir.resolve("s.xml"), Snapshots.probe(fromDefaultKey));
        try (KuraNode node = KuraNode.builder("foreign-key")
                .frameworkProperty("coaptree.harness.crypto.key", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
                .snapshot(snapshot).start()) {
            assertTrue(node.awaitServiceProperty(PROBE_RESULT, "(secret.state=undecryptable)", WAIT));
            assertFalse(node.encryptPassword("x").isEmpty());
        }
    }

    @Test
    void aPasswordUploadedThatDoesNotDecryptIsTakenAsTypedAndEncrypted(@TempDir Path dir) throws Exception {
        // Kura encrypts an uploaded Password value unless it already decrypts with the gateway's key.
        String fromDefaultKey = io.coaptree.harness.kura.crypto.AesGcmPasswordCipher.fromBase64Key(null).encrypt("x");
        try (KuraNode node = KuraNode.builder("foreign-upload")
                .frameworkProperty("coaptree.harness.crypto.key", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=")
                .start()) {
            assertTrue(node.awaitListed(WAIT, KuraNodeServicesTest.PROBE_PID));
            node.applySnapshot(Files.writeString(dir.resolve("s.xml"), Snapshots.probe(fromDefaultKey)));
            assertTrue(node.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256(fromDefaultKey) + ")",
                    WAIT));
        }
    }

    @Test
    void restartKeepsConfigurationAndReinstallsDeploymentPackages(@TempDir Path dir) throws Exception {
        Path storage = dir.resolve("node");
        Path bundle = TestJars.bundle(dir.resolve("kept.jar"), "test.kept", "1.0.0", Map.of());
        Path dp = TestJars.deploymentPackage(dir.resolve("kept.dp"), "test.kept.dp", "1.0.0", bundle, "test.kept",
                "1.0.0");
        try (KuraNode node = KuraNode.builder("restart").storage(storage).deploymentPackage(dp).start()) {
            assertTrue(node.awaitListed(WAIT, KuraNodeServicesTest.PROBE_PID));
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
