package io.coaptree.driver;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/** Channels, codec, calls and listeners are plain; coap adapts them to Californium, kura to Kura's driver API. */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.driver")
                .adapter("coap", Platform.CALIFORNIUM)
                .adapter("kura", Platform.KURA).check();
    }
}
