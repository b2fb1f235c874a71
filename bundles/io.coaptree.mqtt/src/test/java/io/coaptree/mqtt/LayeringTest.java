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

    /**
     * The connection engine, named: it must exist, and it stays plain logic (reaching the broker through the paho
     * adapter) even if the rule above ever names it an adapter.
     */
    @Test
    void theConnectionEngineUsesNoPlatform() {
        BundleLayers.of("io.coaptree.mqtt.connection").check();
    }

    /** Paho's types stay in the paho adapter: the component is OSGi and Kura glue over the connection engine. */
    @Test
    void theComponentUsesOsgiAndKuraButNotPaho() {
        BundleLayers.of("io.coaptree.mqtt.component")
                .adapter("", Platform.OSGI, Platform.KURA).check();
    }
}
