package io.coaptree.rd;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The directory (store, lookup, rules, the Java service) is plain; coap adapts it to Californium; only the
 * component sees OSGi and Kura.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.rd")
                .adapter("coap", Platform.CALIFORNIUM).check();
    }
}
