package io.coaptree.http;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * Options and the gateways' JSON are plain; mapping adapts to Californium, auth to UserAdmin and Kura's
 * CryptoService, servlet to the servlet API (and Californium, whose requests it runs); only the component sees all.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.http")
                .adapter("mapping", Platform.CALIFORNIUM)
                .adapter("auth", Platform.OSGI, Platform.KURA)
                .adapter("servlet", Platform.SERVLET, Platform.CALIFORNIUM).check();
    }
}
