package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/** One node on the default framework, exercised the way integration tests will use it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KuraNodeServicesTest {

    static final String PROBE_PID = "io.coaptree.harness.kura.PasswordProbe";
    static final String PROBE_RESULT = "io.coaptree.harness.kura.probe.PasswordProbeResult";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private KuraNode node;

    @BeforeAll
    void start() throws Exception {
        this.node = KuraNode.builder("services").start();
        // As in Kura's WebUI, a page can be configured once it is listed.
        assertTrue(this.node.awaitListed(WAIT, PROBE_PID));
    }

    @AfterAll
    void stop() {
        this.node.close();
    }

    @Test
    void encryptPasswordRoundTripsThroughTheNodesCryptoService() throws Exception {
        String encrypted = this.node.encryptPassword("p\u00e4ssw0rd");
        assertNotEquals("p\u00e4ssw0rd", encrypted);
        assertEquals("p\u00e4ssw0rd", new String((char[]) callCrypto("decryptAes",
                new Class<?>[] { char[].class }, (Object) encrypted.toCharArray())));
        char[] fromService = (char[]) callCrypto("encryptAes", new Class<?>[] { char[].class },
                (Object) "other".toCharArray());
        assertTrue(new String(fromService).length() > 20);
    }

    @Test
    void snapshotPasswordReachesTheComponentDecrypted(@TempDir Path dir) throws Exception {
        Path snapshot = Files.writeString(dir.resolve("snapshot.xml"), Snapshots.probe(this.node.encryptPassword("s3cret!")));
        this.node.applySnapshot(snapshot);
        assertTrue(this.node.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("s3cret!") + ")", WAIT));
        Map<String, Object> stored = this.node.configuration(PROBE_PID);
        assertNotEquals("s3cret!", stored.get("secret"), "ConfigAdmin must hold the ciphertext, as on Kura");
        assertEquals(PROBE_PID, stored.get("kura.service.pid"));
    }

    @Test
    void updateConfigurationEncryptsAPlainPasswordLikeTheWebUi() throws Exception {
        this.node.updateConfiguration(PROBE_PID, Map.of("secret", "typed-in-webui"));
        assertTrue(this.node.awaitServiceProperty(PROBE_RESULT, "(secret.sha256=" + sha256("typed-in-webui") + ")",
                WAIT));
        assertNotEquals("typed-in-webui", this.node.configuration(PROBE_PID).get("secret"));
        assertEquals("decrypted", this.node.serviceProperty(PROBE_RESULT, null, "secret.state"));
    }

    @Test
    void unknownConfigurationIsNull() throws Exception {
        assertNull(this.node.configuration("no.such.pid"));
        assertNull(this.node.serviceProperty("no.such.Service", null, "x"));
        assertFalse(this.node.awaitServiceProperty("no.such.Service", null, Duration.ofMillis(50)));
    }

    @Test
    void keystoreFactoryInstancesComeFromSnapshots(@TempDir Path dir) throws Exception {
        Path keystoreFile = dir.resolve("extra.p12");
        Path snapshot = Files.writeString(dir.resolve("keystore.xml"),
                Snapshots.keystore("ExtraKeystore", keystoreFile, this.node.encryptPassword("storepass")));
        this.node.applySnapshot(snapshot);
        assertTrue(this.node.awaitServiceProperty("org.eclipse.kura.security.keystore.KeystoreService",
                "(kura.service.pid=ExtraKeystore)", WAIT));
        assertEquals("org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl",
                this.node.serviceProperty("org.eclipse.kura.security.keystore.KeystoreService",
                        "(kura.service.pid=ExtraKeystore)", "service.factoryPid"));
        assertTrue(Files.exists(keystoreFile), "the keystore file is created on activation");
    }

    @Test
    void defaultKeystoreCreatesSelfSignedKeyPairsAndCsrs() throws Exception {
        Object keystore = service("org.eclipse.kura.security.keystore.KeystoreService", "(kura.service.pid=SSLKeystore)");
        keystore.getClass().getMethod("createKeyPair", String.class, String.class, int.class, String.class, String.class)
                .invoke(keystore, "gateway", "EC", 256, "SHA256withECDSA", "CN=gateway,O=CoAPTree");
        assertTrue(((java.util.List<?>) keystore.getClass().getMethod("getAliases").invoke(keystore)).contains("gateway"));
        String csr = (String) keystore.getClass()
                .getMethod("getCSR", String.class, javax.security.auth.x500.X500Principal.class, String.class)
                .invoke(keystore, "gateway", new javax.security.auth.x500.X500Principal("CN=gateway"), "SHA256withECDSA");
        assertTrue(csr.startsWith("-----BEGIN CERTIFICATE REQUEST-----"), csr);
        assertTrue(Files.size(this.node.storage().resolve("security/sslkeystore.p12")) > 0);
    }

    @Test
    void deploymentPackageInstallsAndItsBundleStarts(@TempDir Path dir) throws Exception {
        Path bundle = TestJars.bundle(dir.resolve("hello.jar"), "test.hello", "1.0.0", Map.of());
        Path dp = TestJars.deploymentPackage(dir.resolve("hello.dp"), "test.hello.dp", "1.0.0", bundle, "test.hello",
                "1.0.0");
        this.node.installDeploymentPackage(dp);
        assertTrue(this.node.bundles().contains(new BundleInfo("test.hello", "1.0.0", "ACTIVE")), () -> "bundles: "
                + this.node.bundles());
        assertTrue(Files.exists(this.node.storage().resolve("packages/dpa.properties")));
    }

    @Test
    void deploymentPackageWhoseBundleCannotResolveFails(@TempDir Path dir) throws Exception {
        Path bundle = TestJars.bundle(dir.resolve("broken.jar"), "test.broken", "1.0.0",
                Map.of("Import-Package", "com.example.missing;version=\"[1,2)\""));
        Path dp = TestJars.deploymentPackage(dir.resolve("broken.dp"), "test.broken.dp", "1.0.0", bundle,
                "test.broken", "1.0.0");
        Exception e = assertThrows(Exception.class, () -> this.node.installDeploymentPackage(dp));
        assertTrue(e.getMessage().contains("test.broken"), e.getMessage());
    }

    @Test
    void snapshotWithoutEsfPrefixIsRefused(@TempDir Path dir) throws Exception {
        Path snapshot = Files.writeString(dir.resolve("bad.xml"),
                Snapshots.probe("x").replace("esf:configuration ", "configuration ").replace("</esf:configuration>",
                        "</configuration>"));
        Exception e = assertThrows(Exception.class, () -> this.node.applySnapshot(snapshot));
        assertTrue(e.getMessage().contains("esf:"), e.getMessage());
    }

    @Test
    void systemServiceDescribesTheNode() {
        assertNotNull(this.node.serviceProperty("org.eclipse.kura.system.SystemService", null, "service.pid"));
        BundleContext context = this.node.bundleContext();
        assertEquals("services", context.getProperty("kura.name"));
        assertEquals(this.node.storage().toString(), context.getProperty("kura.home"));
    }

    private Object callCrypto(String method, Class<?>[] types, Object... args) throws Exception {
        Object service = service("org.eclipse.kura.crypto.CryptoService", null);
        Method m = service.getClass().getMethod(method, types);
        return m.invoke(service, args);
    }

    /**
     * A service object, called by reflection: its API classes live in the framework, not on this class path.
     * Never released: the node is stopped after the class.
     */
    private Object service(String objectClass, String filter) throws Exception {
        BundleContext context = this.node.bundleContext();
        ServiceReference<?> reference = context.getAllServiceReferences(objectClass, filter)[0];
        return context.getService(reference);
    }

    static String sha256(String text) throws Exception {
        return HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
