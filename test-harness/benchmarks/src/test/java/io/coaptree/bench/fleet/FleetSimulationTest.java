package io.coaptree.bench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.bench.mqtt.BridgedMosquittos;
import io.coaptree.bench.mqtt.MosquittoProcess;
import io.coaptree.harness.junit.Prerequisites;
import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;

/** The simulator's gateways form a tree on a real Mosquitto, and the meters count what the tree sends. */
class FleetSimulationTest {

    @Test
    @Timeout(60)
    void aSmallFleetCompletesSynchronisesItsDirectoriesReadsAcrossAndItsMetersCountSignatureChecks(@TempDir Path dir)
            throws Exception {
        Prerequisites.debianTool("mosquitto", "mosquitto");
        FleetLayout layout = FleetLayout.of(4);
        try (MosquittoProcess broker = MosquittoProcess.start(dir, "fleet", List.of());
                FleetSimulation fleet = new FleetSimulation(broker.url(), 3)) {
            layout.gateways().forEach(fleet::start);
            long started = System.nanoTime();
            fleet.awaitComplete(FleetSimulation.NEIGHBOURHOOD, Duration.ofSeconds(30));
            RootDirectory root = RootDirectory.awaitComplete(fleet, layout.gateways().get(0), 4 * 3, 5, started,
                    Duration.ofSeconds(30));
            assertEquals(12, root.links(), "every gateway's links reach the root, paged by 5, each once");

            NodeAddress joiner = NodeAddress.parse("D1/gjoin/gjoin");
            fleet.watch(joiner);
            Map<NodeAddress, WireMeter.Snapshot> before = fleet.snapshot();
            fleet.start(joiner);
            fleet.awaitComplete(FleetSimulation.NEIGHBOURHOOD, Duration.ofSeconds(30));
            Map<NodeAddress, WireMeter.Snapshot> after = fleet.snapshot();

            assertEquals(5, fleet.size());
            RemoteReads reads = RemoteReads.run(fleet, List.of(layout.gateways().get(3), joiner), 3, 20,
                    Duration.ofMillis(500), 1);
            assertEquals(0, reads.failed(), "reads between the two groups through the tree: " + reads);
            assertEquals(10, reads.reads());
            for (NodeAddress gateway : layout.gateways()) {
                WireMeter.Snapshot seen = after.get(gateway).minus(before.get(gateway));
                if (Neighbourhood.follows(gateway.path(), joiner.path())) {
                    assertTrue(seen.fromWatched() >= 2, gateway + " got the join request and a heartbeat: " + seen);
                    // the joiner's first messages are opened by their signature: nobody holds a link with it yet
                    assertTrue(seen.checks() > 0, gateway + " checked the joiner's signatures: " + seen);
                } else {
                    assertEquals(0, seen.fromWatched(), gateway + " is outside the joiner's neighbourhood: " + seen);
                }
                assertTrue(seen.checks() <= seen.messagesIn(), "at most a check a message: " + seen);
                assertTrue(seen.bytesIn() > 200 * seen.messagesIn(), "a signed message carries its certificate: "
                        + seen);
                assertTrue(after.get(gateway).messagesOut() > 0, gateway + " heartbeats");
            }
        }
    }

    @Test
    @Timeout(90)
    void acrossTwoBridgedBrokersTheRootsDirectoryCompletesAndEveryPageOverCoapIsTheInProcessPage(@TempDir Path dir)
            throws Exception {
        Prerequisites.debianTool("mosquitto", "mosquitto");
        FleetLayout layout = FleetLayout.of(6); // top, d1 and its groups on the hub, d2 and g2-1 on site-1
        try (BridgedMosquittos brokers = BridgedMosquittos.start(layout.inventory(2), "coaptree", dir);
                FleetSimulation fleet = new FleetSimulation(g -> brokers.url(FleetLayout.brokerOf(g.path(), 2)), 3)) {
            assertEquals(2, brokers.size());
            layout.gateways().forEach(fleet::start);
            long started = System.nanoTime();
            fleet.awaitComplete(FleetSimulation.NEIGHBOURHOOD, Duration.ofSeconds(30));
            NodeAddress root = layout.gateways().get(0);
            RootDirectory.awaitComplete(fleet, root, 6 * 3, 5, started, Duration.ofSeconds(30));

            // one pass: 18 links in pages of 5 are four pages, the last of 3 links
            RootPages pages = RootPages.run(fleet.remoteQuery(root).orElseThrow(), 6 * 3, 5, Duration.ZERO);
            assertEquals(4, pages.pages(), pages.toString());
            assertEquals(0, pages.failed(), "each page over CoAP is the in-process page: " + pages);
            assertTrue(pages.p99Millis() > 0, pages.toString());

            List<NodeAddress> groups = layout.gateways().subList(3, 6);
            RemoteReads reads = RemoteReads.run(fleet, groups, 3, 20, Duration.ofMillis(500), 1);
            assertEquals(0, reads.failed(), "reads between groups on one broker and across the bridge: " + reads);
        }
    }
}
