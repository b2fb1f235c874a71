package io.coaptree.linkformat;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;

/**
 * Plain Java throughout: the link-format parser and serializer use no platform type.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.linkformat").check();
    }
}
