package io.coaptree.examples;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The examples are the design's own example resources, each its own DS component on Californium: never Kura or
 * Paho.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.examples")
                .adapter("", Platform.CALIFORNIUM, Platform.OSGI).check();
    }
}
