package io.coaptree.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.node.BundleInfo;
import io.coaptree.harness.node.KuraNode;

/**
 * Our packages through a gateway's life, on the node that runs what Kura 5.6 runs: listed in the WebUI, configured
 * by snapshot, rebooted with a clean cache, upgraded, uninstalled.
 */
class KuraLifecycleTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String TREE_PID = "io.coaptree.tree.CoAPTreeHandler";
    private static final String TREE_SERVICE = "io.coaptree.tree.service.TreeService";
    /** Our configurable components and one field each that their WebUI form must show. */
    private static final Map<String, String> OUR_PIDS = Map.of(
            TestGateway.SERVER_PID, "coap.port",
            "io.coaptree.rd.ResourceDirectory", "persistence.file",
            "io.coaptree.mqtt.LeanMqttDataTransport", "broker-url",
            TREE_PID, "tree.level",
            "io.coaptree.remotequery.RemoteQuery", "remotequery.request.timeout.ms",
            "io.coaptree.http.HttpAccess", "http.request.timeout.ms");

    @Test
    void theWebUiShowsOurSixPagesWhenInstalledOnARunningGatewayAndAfterAReboot() throws Exception {
        Path storage = TestGateway.freshStorage("webui");
        // RemoteQuery works on the tree handler's TreeService, which exists once the tree has a valid place for
        // this gateway: its page appears then, as a Kura component's page appears once its references are met.
        try (KuraNode node = provisioned("webui", storage).configuration(TREE_PID, Map.of("tree.level", 2,
                "tree.domain", "A", "tree.group", "1", "tree.node.name", "gw-webui")).start()) {
            node.installDeploymentPackage(Packages.core());
            assertOurPagesListed(node);
        }
        try (KuraNode node = KuraNode.builder("webui").storage(storage).start()) {
            assertOurPagesListed(node); // the package came back from dpa.properties at boot
        }
    }

    @Test
    void aSnapshotUploadedThroughTheConfigurationServiceRebindsTheServerAndMovesTheTreeNode() throws Exception {
        try (TestGateway gateway = TestGateway.start("snapshot-apply")) {
            // Kura applies a block only for a pid whose component has registered: wait for both, as a user would.
            assertTrue(gateway.node().awaitListed(WAIT, TestGateway.SERVER_PID, TREE_PID));
            int port = freeUdpPort();
            Path snapshot = Files.writeString(gateway.node().storage().resolve("upload.xml"), """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <esf:configurations xmlns:esf="http://eurotech.com/esf/2.0">
                      <esf:configuration pid="%s">
                        <esf:properties>
                          <esf:property name="coap.port" array="false" encrypted="false" type="Integer"><esf:value>%d</esf:value></esf:property>
                        </esf:properties>
                      </esf:configuration>
                      <esf:configuration pid="%s">
                        <esf:properties>
                          <esf:property name="tree.level" array="false" encrypted="false" type="Integer"><esf:value>2</esf:value></esf:property>
                          <esf:property name="tree.domain" array="false" encrypted="false" type="String"><esf:value>east</esf:value></esf:property>
                          <esf:property name="tree.group" array="false" encrypted="false" type="String"><esf:value>7</esf:value></esf:property>
                          <esf:property name="tree.node.name" array="false" encrypted="false" type="String"><esf:value>gw-snap</esf:value></esf:property>
                        </esf:properties>
                      </esf:configuration>
                    </esf:configurations>
                    """.formatted(TestGateway.SERVER_PID, port, TREE_PID));
            gateway.node().applySnapshot(snapshot);
            assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE, "(coap.port=" + port + ")",
                    WAIT), "the server re-bound to the snapshot's port");
            assertEquals(ResponseCode.CONTENT, Clients.get("coap://127.0.0.1:" + port + "/temperature").getCode());
            assertTrue(gateway.node().awaitServiceProperty(TREE_SERVICE, "(tree.node=east/7/gw-snap)", WAIT),
                    "the tree handler took the snapshot's place in the tree");
        }
    }

    @Test
    void aRebootStartsFromACleanCacheAndKeepsPackagesConfigurationAndRegistrations() throws Exception {
        Path storage = TestGateway.freshStorage("reboot");
        Path marker;
        try (KuraNode node = provisioned("reboot", storage).start()) {
            node.installDeploymentPackage(Packages.core());
            node.installDeploymentPackage(Packages.examples());
            node.updateConfiguration(TestGateway.SERVER_PID, Map.of("node.domain", "kept"));
            assertTrue(node.awaitServiceProperty(TestGateway.SERVER_SERVICE, "(node.domain=kept)", WAIT));
            CoapResponse registered = post(uri(node, "/rd?ep=sensor-42&lt=3600"), "</t>;rt=\"temperature\"");
            assertEquals(ResponseCode.CREATED, registered.getCode(), registered.getResponseText());
            marker = Files.writeString(storage.resolve("framework").resolve("org.eclipse.osgi")
                    .resolve("left-in-the-cache"), "x");
        }
        try (KuraNode node = KuraNode.builder("reboot").storage(storage).start()) {
            assertFalse(Files.exists(marker), "the framework cache is wiped at boot, as osgi.clean=true does");
            assertOurBundlesActive(node);
            assertTrue(node.awaitServiceProperty(TestGateway.SERVER_SERVICE, "(&(coap.port=*)(node.domain=kept))",
                    WAIT), "the applied configuration came back from the saved snapshot");
            CoapResponse lookup = Clients.get(uri(node, "/rd-lookup/ep?ep=sensor-42"));
            assertEquals(ResponseCode.CONTENT, lookup.getCode());
            assertTrue(lookup.getResponseText().contains("sensor-42"), "registration kept: " + lookup.getResponseText());
        }
    }

    @Test
    void anUpgradeUpdatesOurBundlesAndKeepsConfigurationAndUninstallLeavesKurasBundles() throws Exception {
        Path storage = TestGateway.freshStorage("upgrade");
        try (KuraNode node = provisioned("upgrade", storage).start()) {
            List<BundleInfo> kuraOnly = node.bundles();
            node.installDeploymentPackage(Packages.core());
            node.installDeploymentPackage(Packages.examples());
            node.updateConfiguration(TestGateway.SERVER_PID, Map.of("node.domain", "upgraded"));
            Set<String> upgraded = DeploymentPackagesTest.bundlesIn(Packages.core());
            Map<String, String> before = ourVersions(node, upgraded);

            node.installDeploymentPackage(DeploymentPackageVersions.nextMicro(Packages.core(),
                    storage.resolve("coaptree-next.dp")));
            Map<String, String> after = ourVersions(node, upgraded);
            assertEquals(before.keySet(), after.keySet());
            before.forEach((bsn, version) -> assertEquals(DeploymentPackageVersions.next(version), after.get(bsn),
                    bsn + " was updated"));
            assertOurBundlesActive(node);
            assertTrue(node.awaitServiceProperty(TestGateway.SERVER_SERVICE, "(&(coap.port=*)(node.domain=upgraded))",
                    WAIT), "the configuration survived the upgrade");
            assertEquals(ResponseCode.CONTENT, Clients.get(uri(node, "/temperature")).getCode(), "serving again");

            node.uninstallDeploymentPackage(packageName(Packages.examples()));
            node.uninstallDeploymentPackage(packageName(Packages.core()));
            assertEquals(kuraOnly, node.bundles(), "only Kura's bundles remain, as they were");
        }
    }

    private static KuraNode.Builder provisioned(String name, Path storage) {
        return KuraNode.builder(name).storage(storage).configuration(TestGateway.SERVER_PID,
                Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1", "access.writes", "open"));
    }

    private static void assertOurPagesListed(KuraNode node) throws Exception {
        node.awaitListed(WAIT, OUR_PIDS.keySet().toArray(String[]::new));
        List<String> services = node.services();
        for (Map.Entry<String, String> pid : OUR_PIDS.entrySet()) {
            assertTrue(services.contains(pid.getKey()), pid.getKey() + " is listed under Services: " + services);
            assertEquals(pid.getKey(), node.serviceProperty("org.eclipse.kura.configuration.ConfigurableComponent",
                    "(kura.service.pid=" + pid.getKey() + ")", "service.pid"),
                    "registered with service.pid, one String, as Kura reads it");
            List<String> fields = node.formFields(pid.getKey());
            assertNotNull(fields, pid.getKey() + " has a form");
            assertTrue(fields.contains(pid.getValue()), pid.getKey() + " form shows " + pid.getValue() + ": " + fields);
        }
    }

    private static void assertOurBundlesActive(KuraNode node) throws Exception {
        Set<String> shipped = DeploymentPackagesTest.bundlesIn(Packages.core());
        List<BundleInfo> ours = node.bundles().stream().filter(b -> shipped.contains(b.symbolicName())).toList();
        assertEquals(shipped.size(), ours.size(), "every bundle of the package is installed: " + ours);
        assertTrue(ours.stream().allMatch(b -> "ACTIVE".equals(b.state())), "all ACTIVE: " + ours);
    }

    /** Versions of our own bundles (io.coaptree.*) among those of a package. */
    private static Map<String, String> ourVersions(KuraNode node, Set<String> inPackage) {
        return node.bundles().stream().filter(b -> inPackage.contains(b.symbolicName()))
                .filter(b -> b.symbolicName().startsWith("io.coaptree."))
                .collect(Collectors.toMap(BundleInfo::symbolicName, BundleInfo::version));
    }

    private static String packageName(Path dp) throws Exception {
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(dp.toFile())) {
            return jar.getManifest().getMainAttributes().getValue("DeploymentPackage-SymbolicName");
        }
    }

    private static String uri(KuraNode node, String path) {
        if (!node.awaitServiceProperty(TestGateway.SERVER_SERVICE, "(coap.port=*)", WAIT)) {
            throw new AssertionError("no bound CoAP server within " + WAIT);
        }
        return "coap://127.0.0.1:" + node.serviceProperty(TestGateway.SERVER_SERVICE, "(coap.port=*)", "coap.port")
                + path;
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static CoapResponse post(String uri, String linkFormat) throws Exception {
        Clients.configure();
        CoapClient client = new CoapClient(uri);
        try {
            CoapResponse response = client.post(linkFormat, MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            assertNotNull(response, "POST " + uri + " answered");
            return response;
        } finally {
            client.shutdown();
        }
    }
}
