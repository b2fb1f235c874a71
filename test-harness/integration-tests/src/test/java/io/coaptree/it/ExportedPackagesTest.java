package io.coaptree.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.node.ResolveCheck;

/**
 * Our bundles export only what another bundle of our deployment packages imports (or what such an export's
 * signatures use, bnd's {@code uses:}), read from the manifests in the built packages: an exported package is an API
 * its bundle must keep stable and versioned, so none is exported for nothing (test bundles such as the exchange probe do not count: they are not shipped). {@code io.coaptree.api} is
 * exempt: it is the public API for third-party bundles that publish resources.
 */
class ExportedPackagesTest {

    /** The bundle whose exports are for bundles outside our packages. */
    private static final String PUBLIC_API = "io.coaptree.api";

    @Test
    void everyPackageOurBundlesExportIsImportedByAnotherBundleOfOurPackages() throws IOException {
        List<String> unimported = ResolveCheck.unimportedExports(List.of(Packages.core(), Packages.examples()),
                bundle -> bundle.startsWith("io.coaptree.") && !bundle.equals(PUBLIC_API));
        assertEquals(List.of(), unimported, "exports no other bundle of our deployment packages imports");
    }
}
