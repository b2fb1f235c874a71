package io.coaptree.it.tree;

import java.util.Map;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

/** What the hierarchy tests share: short tree timings, and Californium's defaults for the test's own clients. */
final class TreeTestSettings {

    /** Heartbeats every 500 ms, a failure noticed within two seconds. */
    static final Map<String, Object> FAST_TREE = Map.of("tree.heartbeat.interval.ms", 500,
            "tree.failure.timeout.ms", 1500, "tree.reattach.deadline.ms", 2000, "tree.tick.interval.ms", 100,
            "tree.join.window.ms", 500);

    private TreeTestSettings() {
    }

    /** Californium's standard configuration without a properties file, for the CoAP clients of a test. */
    static void californiumClients() {
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());
    }
}
