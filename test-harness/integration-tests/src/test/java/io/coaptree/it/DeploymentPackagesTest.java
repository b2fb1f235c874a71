package io.coaptree.it;

import io.coaptree.harness.node.BundleInfo;
import io.coaptree.harness.node.FrameworkKind;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
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

/** The deployment packages install the way Kura installs them, on Kura's framework and on Felix. */
class DeploymentPackagesTest {

    /** What Kura already has: a DP that carried one of these would clash with the gateway's own copy. */
    private static final Set<String> PROVIDED_BY_KURA = Set.of("org.eclipse.kura.api", "com.google.guava",
            "com.google.guava.failureaccess", "slf4j.api", "jul.to.slf4j", "bcprov");

    @ParameterizedTest
    @EnumSource(FrameworkKind.class)
    void everyBundleOfBothPackagesIsActiveAndTheExampleIsServed(FrameworkKind framework) throws Exception {
        try (TestGateway gateway = TestGateway.start("dp-install", framework)) {
            List<BundleInfo> notActive = gateway.node().bundles().stream()
                    .filter(bundle -> !"ACTIVE".equals(bundle.state()))
                    .filter(bundle -> !isFragment(gateway, bundle))
                    .toList();
            assertEquals(List.of(), notActive, "bundles that are not ACTIVE on " + framework);

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
                assertNotNull(response, "GET /temperature answered on " + framework);
                assertEquals(ResponseCode.CONTENT, response.getCode());
            } finally {
                client.shutdown();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"CORE", "EXAMPLES"})
    void packagesShipNothingKuraAlreadyHas(PackageName name) throws IOException {
        Set<String> shipped = bundlesIn(name.path());
        assertTrue(!shipped.isEmpty(), name + " carries bundles");
        for (String bsn : shipped) {
            assertTrue(!PROVIDED_BY_KURA.contains(bsn), name + " must not ship " + bsn + ": Kura has it");
        }
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
