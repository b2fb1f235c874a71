package io.coaptree.tree;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The tree (model, protocol, topics, bus, options, service) is plain; transport adapts Kura's DataTransportService;
 * only the component sees OSGi.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.tree")
                .adapter("transport", Platform.KURA).check();
    }
}
