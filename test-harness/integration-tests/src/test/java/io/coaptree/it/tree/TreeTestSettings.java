package io.coaptree.it.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * What the hierarchy tests share: short tree timings, the parts this build made, and Californium's defaults for the
 * test's own clients.
 */
final class TreeTestSettings {

    /** Heartbeats every 500 ms, a failure noticed within two seconds. */
    static final Map<String, Object> FAST_TREE = Map.of("tree.heartbeat.interval.ms", 500,
            "tree.failure.timeout.ms", 1500, "tree.reattach.deadline.ms", 2000, "tree.tick.interval.ms", 100,
            "tree.join.window.ms", 500);

    private TreeTestSettings() {
    }

    /** Where the tests' nodes keep their storage ({@code coaptree.work}), created if missing. */
    static Path workDirectory() throws IOException {
        return Files.createDirectories(Path.of(System.getProperty("coaptree.work", "target/nodes")));
    }

    /**
     * A hierarchy of the parts this build made (the Kura configuration and the deployment packages the test's
     * system properties name), with {@link #FAST_TREE} timings, its nodes' storage in a new directory below
     * {@code work}.
     */
    static TreeHierarchy.Settings fastTree(Path work, String storagePrefix, String brokerUrl,
            Map<String, Object> serverOverrides) throws IOException {
        return new TreeHierarchy.Settings(Path.of(System.getProperty("coaptree.kura-config")),
                Path.of(System.getProperty("coaptree.dp.core")), Path.of(System.getProperty("coaptree.dp.examples")),
                Files.createTempDirectory(work, storagePrefix), brokerUrl, FAST_TREE, serverOverrides);
    }

    /** Californium's standard configuration without a properties file, for the CoAP clients of a test. */
    static void californiumClients() {
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());
    }
}
