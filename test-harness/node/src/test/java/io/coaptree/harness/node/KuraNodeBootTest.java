package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KuraNodeBootTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void bootsKuraRuntimeWithEveryBundleStarted(@TempDir Path dir) throws Exception {
        Path helloBundle = TestJars.bundle(dir.resolve("hello.jar"), "test.hello", "1.0.0",
                Map.of("Import-Package", "org.eclipse.kura.crypto;version=\"[1.3,2)\""));
        Path dp = TestJars.deploymentPackage(dir.resolve("hello.dp"), "test.hello.dp", "1.0.0", helloBundle, "test.hello",
                "1.0.0");
        try (KuraNode node = KuraNode.builder("boot").deploymentPackage(dp).start()) {
            List<BundleInfo> bundles = node.bundles();
            List<BundleInfo> notStarted = bundles.stream()
                    .filter(b -> !"ACTIVE".equals(b.state()) && !"RESOLVED".equals(b.state()))
                    .collect(Collectors.toList());
            assertTrue(notStarted.isEmpty(), "not started: " + notStarted);
            for (String bsn : List.of("org.eclipse.osgi", "org.apache.felix.scr", "org.eclipse.equinox.cm",
                    "org.eclipse.equinox.metatype", "org.eclipse.equinox.event", "org.apache.felix.deploymentadmin",
                    "org.apache.felix.dependencymanager", "slf4j.api", "org.apache.logging.log4j.core", "bcprov",
                    "com.google.guava", "com.google.guava.failureaccess", "org.eclipse.kura.api",
                    "io.coaptree.harness.kura", "test.hello")) {
                BundleInfo bundle = bundles.stream().filter(b -> bsn.equals(b.symbolicName())).findFirst()
                        .orElseThrow(() -> new AssertionError(bsn + " missing from " + bundles));
                assertEquals("ACTIVE", bundle.state(), bsn);
            }
            for (String service : List.of("org.eclipse.kura.crypto.CryptoService",
                    "org.eclipse.kura.system.SystemService", "org.eclipse.kura.configuration.ConfigurationService")) {
                assertTrue(node.awaitServiceProperty(service, "(kura.service.pid=" + service + ")", WAIT), service);
            }
            assertTrue(node.awaitServiceProperty("org.eclipse.kura.security.keystore.KeystoreService",
                    "(kura.service.pid=SSLKeystore)", WAIT));
            assertNotNull(node.configuration("SSLKeystore"));
        }
    }
}
