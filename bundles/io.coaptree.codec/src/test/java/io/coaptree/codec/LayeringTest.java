package io.coaptree.codec;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;

/**
 * Plain Java throughout (Kryo is the codec's own library): no Californium, OSGi, Kura or Paho type.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.codec").check();
    }
}
