package io.coaptree.api;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The API is Californium's resource model with CoRE attributes: Californium only, never OSGi, Kura or Paho.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.api")
                .adapter("", Platform.CALIFORNIUM).check();
    }
}
