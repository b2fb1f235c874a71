package io.coaptree.properties;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;

/**
 * Plain Java throughout: the reader of Kura properties uses no platform type.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.properties").check();
    }
}
