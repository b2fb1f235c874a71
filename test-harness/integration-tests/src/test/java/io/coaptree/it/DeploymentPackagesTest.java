package io.coaptree.it;

import io.coaptree.harness.node.BundleInfo;
import io.coaptree.harness.node.KuraRelease;
import io.coaptree.harness.node.ResolveCheck;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The deployment packages install the way Kura installs them, on the node that runs what Kura 5.6 runs. */
class DeploymentPackagesTest {

    @Test
    void everyBundleOfBothPackagesIsActiveAndTheExampleIsServed() throws Exception {
        try (TestGateway gateway = TestGateway.start("dp-install")) {
            List<BundleInfo> notActive = gateway.node().bundles().stream()
                    .filter(bundle -> !"ACTIVE".equals(bundle.state()))
                    .filter(bundle -> !isFragment(gateway, bundle))
                    .toList();
            assertEquals(List.of(), notActive, "bundles that are not ACTIVE");

            Set<String> installed = gateway.node().bundles().stream().map(BundleInfo::symbolicName)
                    .collect(Collectors.toSet());
            for (String bsn : bundlesIn(Packages.core())) {
                assertTrue(installed.contains(bsn), bsn + " from the coaptree package is installed");
            }
            for (String bsn : bundlesIn(Packages.examples())) {
                assertTrue(installed.contains(bsn), bsn + " from the examples package is installed");
            }

            Clients.configure();
            CoapClient client = new CoapClient(gateway.uri("/temperature"));
            try {
                CoapResponse response = client.get();
                assertNotNull(response, "GET /temperature answered");
                assertEquals(ResponseCode.CONTENT, response.getCode());
            } finally {
                client.shutdown();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"CORE", "EXAMPLES"})
    void packagesShipNothingKuraAlreadyHas(PackageName name) throws IOException {
        // A DP that carried a bundle the gateway already has would clash with the gateway's own copy.
        Set<String> kura = KuraRelease.kura56().bundles().stream().map(KuraRelease.KuraBundle::symbolicName)
                .collect(Collectors.toSet());
        Set<String> shipped = bundlesIn(name.path());
        assertTrue(!shipped.isEmpty(), name + " carries bundles");
        for (String bsn : shipped) {
            assertTrue(!kura.contains(bsn), name + " must not ship " + bsn + ": Kura 5.6 has it");
        }
    }

    @Test
    void everyMandatoryRequirementOfBothPackagesIsMetByKuraOrThePackages() throws IOException {
        assertEquals(List.of(), new ResolveCheck(KuraRelease.kura56()).problems(List.of(Packages.core(),
                Packages.examples())), "requirements a Kura 5.6 gateway would leave unresolved");
    }

    @Test
    void theTransportImportsTheKuraPackageItImplementsWithAProviderRange() throws IOException {
        // io.coaptree.mqtt implements DataTransportService, a provider type: a consumer range would let it
        // resolve against a Kura whose interface has grown methods it does not implement.
        assertEquals("[1.1,1.2)", ResolveCheck.importRange(Packages.core(), "io.coaptree.mqtt",
                "org.eclipse.kura.data"));
    }

    enum PackageName {
        CORE, EXAMPLES;

        Path path() {
            return this == CORE ? Packages.core() : Packages.examples();
        }
    }

    /** Bundle-SymbolicName of each bundle a DP lists in its manifest's Name: sections. */
    static Set<String> bundlesIn(Path dp) throws IOException {
        try (JarFile jar = new JarFile(dp.toFile())) {
            return jar.getManifest().getEntries().values().stream()
                    .map(attributes -> attributes.getValue("Bundle-SymbolicName"))
                    .filter(bsn -> bsn != null)
                    .map(bsn -> bsn.split(";")[0].trim())
                    .collect(Collectors.toSet());
        }
    }

    private static boolean isFragment(TestGateway gateway, BundleInfo info) {
        for (Bundle bundle : gateway.node().bundleContext().getBundles()) {
            if (info.symbolicName().equals(bundle.getSymbolicName())) {
                return bundle.getHeaders().get(Constants.FRAGMENT_HOST) != null;
            }
        }
        return false;
    }
}
