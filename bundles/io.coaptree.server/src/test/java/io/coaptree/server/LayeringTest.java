package io.coaptree.server;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The server is Californium's: the endpoint (core), DTLS (dtls) and the access check (access) adapt it; the options
 * are plain; only the component sees OSGi and Kura.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.server")
                .adapter("core", Platform.CALIFORNIUM)
                .adapter("dtls", Platform.CALIFORNIUM)
                .adapter("access", Platform.CALIFORNIUM).check();
    }
}
