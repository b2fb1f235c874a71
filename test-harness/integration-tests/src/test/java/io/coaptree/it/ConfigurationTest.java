package io.coaptree.it;

import io.coaptree.harness.node.KuraNode;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration reaches components the way the Kura WebUI and snapshots deliver it. */
class ConfigurationTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void anEncryptedPasswordInASnapshotReachesTheComponentDecrypted() throws Exception {
        try (KuraNode node = KuraNode.builder("password").storage(TestGateway.freshStorage("password")).start()) {
            String secret = "correct horse battery staple";
            String ciphertext = node.encryptPassword(secret);
            assertTrue(!ciphertext.contains(secret), "the snapshot holds ciphertext");

            Path snapshot = Files.createTempFile(node.storage(), "snapshot", ".xml");
            Files.writeString(snapshot, """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <esf:configurations xmlns:esf="http://eurotech.com/esf/2.0" xmlns:ocd="http://www.osgi.org/xmlns/metatype/v1.2.0">
                      <esf:configuration pid="%s">
                        <esf:properties>
                          <esf:property name="secret" array="false" encrypted="true" type="Password"><esf:value>%s</esf:value></esf:property>
                        </esf:properties>
                      </esf:configuration>
                    </esf:configurations>
                    """.formatted(Probe.PID, ciphertext));
            assertTrue(node.awaitListed(WAIT, Probe.PID), "the probe's page is there before the upload");
            node.applySnapshot(snapshot);

            String expected = HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
            assertTrue(node.awaitServiceProperty(Probe.SERVICE, "(secret.sha256=" + expected + ")", WAIT),
                    "the probe component decrypted the snapshot's Password to the original secret");
        }
    }

    @ParameterizedTest
    @CsvSource({"root.xml,,", "domain.xml,building-a,", "group.xml,building-a,floor-1"})
    void eachRoleSnapshotConfiguresTheServer(String file, String domain, String group) throws Exception {
        // As an operator does it: install the package, then upload the role under Settings > Snapshots.
        try (KuraNode node = KuraNode.builder("role").storage(TestGateway.freshStorage("role"))
                .configuration(TestGateway.SERVER_PID, Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1"))
                .start()) {
            node.installDeploymentPackage(Packages.core());
            assertTrue(node.awaitListed(WAIT, TestGateway.SERVER_PID));
            node.applySnapshot(Packages.kuraConfig(file));
            Map<String, Object> applied = node.configuration(TestGateway.SERVER_PID);
            // A snapshot sets only what differs from the defaults; what it leaves out stays as the gateway had it,
            // as Kura merges an update into the running configuration (here the test's port, off the well-known one).
            assertEquals(0, ((Number) applied.get("coap.port")).intValue(), file + " leaves the port alone");
            assertEquals("kura-keystore", applied.get("dtls.certificates.source"), file + " was applied");

            StringBuilder filter = new StringBuilder("(&(coap.port=*)");
            if (domain != null) {
                filter.append("(node.domain=").append(domain).append(')');
            }
            if (group != null) {
                filter.append("(node.group=").append(group).append(')');
            }
            filter.append(')');
            assertTrue(node.awaitServiceProperty(TestGateway.SERVER_SERVICE, filter.toString(), WAIT),
                    "the server runs with the snapshot's domain and group: " + filter);
        }
    }

    @Test
    void aSnapshotUploadedBeforeThePackageIsInstalledLosesOurBlocksAsOnKura() throws Exception {
        // Kura's ConfigurationService applies a block only for a pid a running component has registered.
        try (KuraNode node = KuraNode.builder("early-upload").storage(TestGateway.freshStorage("early-upload"))
                .start()) {
            node.applySnapshot(Packages.kuraConfig("group.xml"));
            assertNull(node.configuration(TestGateway.SERVER_PID), "no component had registered the server's pid");
        }
    }

    @Test
    void reconfiguringThePortRebindsAndKeepsTheResources() throws Exception {
        try (TestGateway gateway = TestGateway.start("rebind")) {
            int before = gateway.port();
            int after = freeUdpPort();
            gateway.node().updateConfiguration(TestGateway.SERVER_PID, serverSettings(after));
            assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE, "(coap.port=" + after + ")", WAIT),
                    "the server moved from " + before + " to " + after);
            assertEquals(ResponseCode.CONTENT, Clients.get("coap://127.0.0.1:" + after + "/temperature").getCode());
        }
    }

    @Test
    void aPortOutOfRangeIsRefusedAndTheServerKeepsServing() throws Exception {
        try (TestGateway gateway = TestGateway.start("bad-port")) {
            assertRefusedAndStillServing(gateway, serverSettings(70000), "coap.port");
        }
    }

    @Test
    void aPortInUseIsRefusedAndTheServerKeepsServing() throws Exception {
        try (TestGateway gateway = TestGateway.start("busy-port");
             DatagramSocket squatter = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            assertRefusedAndStillServing(gateway, serverSettings(squatter.getLocalPort()), "coap.port");
        }
    }

    @Test
    void anUnknownBindAddressIsRefusedAndTheServerKeepsServing() throws Exception {
        try (TestGateway gateway = TestGateway.start("bad-address")) {
            Map<String, Object> settings = serverSettings(0);
            settings.put("coap.bind.address", "no-such-host.invalid");
            assertRefusedAndStillServing(gateway, settings, "coap.bind.address");
        }
    }

    @Test
    void theCoapSocketGetsItsReceiveBufferAndATooSmallOneIsRefusedNamingTheField() throws Exception {
        try (TestGateway gateway = TestGateway.start("udp-buffer")) {
            // the metatype default, 1 MiB; Linux books twice what it grants and grants at most net.core.rmem_max
            long rmemMax = SocketBuffers.receiveBufferCap();
            long expected = 2 * Math.min(1024 * 1024, rmemMax);
            assertEquals(expected, SocketBuffers.receiveBufferOfUdpPort(gateway.port()),
                    "the receive buffer of the socket on port " + gateway.port());
            Map<String, Object> settings = serverSettings(0);
            settings.put("limits.udp.receive.buffer.bytes", 1000);
            assertRefusedAndStillServing(gateway, settings, "limits.udp.receive.buffer.bytes");
        }
    }

    /**
     * The server publishes why it refused the last configuration on its service (property coap.config.error), so an
     * operator and this test can see the refusal without reading logs. The old endpoint must still answer.
     */
    private static void assertRefusedAndStillServing(TestGateway gateway, Map<String, Object> bad, String field)
            throws Exception {
        int before = gateway.port();
        gateway.node().updateConfiguration(TestGateway.SERVER_PID, bad);
        assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE,
                "(coap.config.error=" + field + "*)", WAIT), "the refusal names " + field);
        assertEquals(before, gateway.port(), "still bound where it was");
        assertEquals(ResponseCode.CONTENT, Clients.get("coap://127.0.0.1:" + before + "/temperature").getCode());
        assertTrue(gateway.node().bundles().stream().allMatch(b -> !"INSTALLED".equals(b.state())),
                "no bundle fell over");
    }

    private static Map<String, Object> serverSettings(int port) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("coap.port", port);
        settings.put("coap.bind.address", "127.0.0.1");
        return settings;
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** The harness's Password probe component (test-harness/kura-emulator). */
    static final class Probe {
        static final String PID = "io.coaptree.harness.kura.PasswordProbe";
        static final String SERVICE = "io.coaptree.harness.kura.probe.PasswordProbeResult";
    }
}
