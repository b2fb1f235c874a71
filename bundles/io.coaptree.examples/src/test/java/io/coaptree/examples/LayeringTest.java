package io.coaptree.examples;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;

/**
 * The examples are the resources a third-party bundle copies, each its own DS component on Californium: never Kura or
 * Paho.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        // Both resources are components (io.coaptree.examples.component): the bundle has no other package.
        BundleLayers.of("io.coaptree.examples").check();
    }
}
