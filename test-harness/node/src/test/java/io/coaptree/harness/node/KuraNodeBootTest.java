package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KuraNodeBootTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @ParameterizedTest
    @EnumSource(FrameworkKind.class)
    void bootsKuraRuntimeWithEveryBundleStarted(FrameworkKind kind, @TempDir Path dir) throws Exception {
        Path helloBundle = TestJars.bundle(dir.resolve("hello.jar"), "test.hello", "1.0.0",
                Map.of("Import-Package", "org.eclipse.kura.crypto;version=\"[1.3,2)\""));
        Path dp = TestJars.deploymentPackage(dir.resolve("hello.dp"), "test.hello.dp", "1.0.0", helloBundle, "test.hello",
                "1.0.0");
        try (KuraNode node = KuraNode.builder("boot-" + kind).framework(kind).deploymentPackage(dp).start()) {
            assertEquals(kind, node.framework());
            List<BundleInfo> bundles = node.bundles();
            List<BundleInfo> notStarted = bundles.stream()
                    .filter(b -> !"ACTIVE".equals(b.state()) && !"RESOLVED".equals(b.state()))
                    .collect(Collectors.toList());
            assertTrue(notStarted.isEmpty(), "not started: " + notStarted);
            for (String bsn : List.of("org.apache.felix.scr", "org.apache.felix.configadmin",
                    "org.apache.felix.metatype", "org.apache.felix.eventadmin", "org.apache.felix.deploymentadmin",
                    "org.apache.felix.dependencymanager", "slf4j.api", "jul.to.slf4j", "bcprov",
                    "com.google.guava", "com.google.guava.failureaccess", "org.eclipse.kura.api",
                    "io.coaptree.harness.kura", "test.hello")) {
                BundleInfo bundle = bundles.stream().filter(b -> bsn.equals(b.symbolicName())).findFirst()
                        .orElseThrow(() -> new AssertionError(bsn + " missing from " + bundles));
                assertEquals("ACTIVE", bundle.state(), bsn);
            }
            for (String service : List.of("org.eclipse.kura.crypto.CryptoService",
                    "org.eclipse.kura.system.SystemService")) {
                assertTrue(node.awaitServiceProperty(service, "(kura.service.pid=" + service + ")", WAIT), service);
            }
            assertTrue(node.awaitServiceProperty("org.eclipse.kura.security.keystore.KeystoreService",
                    "(kura.service.pid=SSLKeystore)", WAIT));
            assertNotNull(node.configuration("SSLKeystore"));
        }
    }
}
