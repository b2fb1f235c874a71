package io.coaptree.telemetry;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/** Records and the uplink are plain; coap adapts them to Californium, cloud to Kura; only the component sees OSGi. */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.telemetry")
                .adapter("coap", Platform.CALIFORNIUM)
                .adapter("cloud", Platform.KURA).check();
    }
}
