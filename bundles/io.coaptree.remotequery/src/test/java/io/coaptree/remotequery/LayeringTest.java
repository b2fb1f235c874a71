package io.coaptree.remotequery;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.layering.BundleLayers;
import io.coaptree.harness.layering.BundleLayers.Platform;

/**
 * The engine and its parts (inbound, forwarding, correlation, admission, lookup, observe, voucher, routing) and RD
 * synchronisation are plain; coap adapts them to Californium; only the component sees OSGi and Kura.
 */
class LayeringTest {

    @Test
    void onlyTheComponentAndTheNamedAdaptersUseAPlatform() {
        BundleLayers.of("io.coaptree.remotequery")
                .adapter("coap", Platform.CALIFORNIUM).check();
    }
}
