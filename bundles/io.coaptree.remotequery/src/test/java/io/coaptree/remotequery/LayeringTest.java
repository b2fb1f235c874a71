package io.coaptree.remotequery;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * Routing, correlation, the engine and RD synchronisation are plain; coap adapts them to Californium; only the
 * component sees OSGi and Kura.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.remotequery")
                .adapter("coap", Platform.CALIFORNIUM).check();
    }
}
