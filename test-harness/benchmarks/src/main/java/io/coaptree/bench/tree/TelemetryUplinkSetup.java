package io.coaptree.bench.tree;

import java.time.Duration;
import java.util.Map;

import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.cloud.CloudPublisherBundle;
import io.coaptree.harness.hierarchy.cloud.bundle.CloudConnectionSettings;
import io.coaptree.harness.node.KuraNode;

/**
 * The telemetry uplink of the seed scenarios, set up in the tree target: the record gateway sends what its devices
 * POST to {@code /telemetry} up the tree; the root hands everything it receives to a Kura CloudPublisher (the tree's
 * cloud gateway), here the harness's emulated Kura cloud connection, whose cloud sends each record's body as a UDP
 * datagram to the benchmark's consumer in the runner's process. The connection is set up as an operator would for a
 * feed of thousands of records a second: Kura's defaults (one message a second, a store of 1000 purged every 15
 * minutes) would refuse most of them, so the rate limit is off and the store holds more and is purged every 5 s.
 */
final class TelemetryUplinkSetup {

    static final String PID = "io.coaptree.telemetry.TelemetryUplink";
    static final String STATUS = "io.coaptree.telemetry.component.TelemetryStatus";
    static final String CLOUD_PID = "bench-cloud";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Connected, unlimited, QoS 0; room for over a minute of the heaviest step (256 devices, 10 records a second). */
    private static final CloudConnectionSettings CLOUD_CONNECTION = CloudConnectionSettings.kuraDefaults()
            .autoConnect(true).noRateLimit().storeCapacity(200_000).housekeeping(5, 5);

    private TelemetryUplinkSetup() {
    }

    /** @param consumerPort the UDP port on 127.0.0.1 where the benchmark's consumer reads records */
    static void configure(TreeHierarchy tree, String recordGateway, int consumerPort) throws Exception {
        KuraNode root = tree.node(TreeHierarchy.ROOT_NAME);
        CloudPublisherBundle.install(root.bundleContext(), CLOUD_PID, CLOUD_CONNECTION
                .forwardUdp("127.0.0.1:" + consumerPort));
        apply(root, Map.of("telemetry.enabled", true, "telemetry.destination", "cloud",
                "CloudPublisher.target", "(kura.service.pid=" + CLOUD_PID + ")", "telemetry.resource.path", ""));
        apply(tree.node(recordGateway), Map.of("telemetry.enabled", true, "telemetry.destination", "root",
                "telemetry.resource.path", "telemetry", "telemetry.delivery.class", "normal"));
    }

    private static void apply(KuraNode node, Map<String, Object> properties) throws Exception {
        if (!node.awaitListed(TIMEOUT, PID)) {
            throw new IllegalStateException(node.name() + ": the telemetry component is not listed");
        }
        node.updateConfiguration(PID, new java.util.HashMap<>(properties));
        if (!node.awaitServiceProperty(STATUS, "(&(telemetry.state=running)(!(telemetry.config.error=*)))", TIMEOUT)) {
            throw new IllegalStateException(node.name() + ": telemetry not running: "
                    + node.serviceProperty(STATUS, null, "telemetry.config.error"));
        }
    }
}
