package io.coaptree.mqtt;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The transport's logic is plain; paho adapts Eclipse Paho, kura adapts Kura's listener and keystore types; only
 * the component implements the Kura service.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.mqtt")
                .adapter("paho", Platform.PAHO)
                .adapter("kura", Platform.KURA).check();
    }
}
