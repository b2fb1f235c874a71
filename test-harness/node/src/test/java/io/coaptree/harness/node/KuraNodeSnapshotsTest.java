package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A snapshot keeps what it cannot see: Kura's ConfigurationService writes each new snapshot from the components it
 * tracks and completes it with the newest snapshot's blocks of those it does not track yet (a deployment package not
 * installed yet, a component not started). A gateway provisioned for a component that is not there, whose
 * configuration then changes elsewhere, still has that component's configuration after a reboot.
 */
class KuraNodeSnapshotsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String ABSENT = "test.not.installed.Component";

    @Test
    void aNewSnapshotKeepsTheConfigurationOfAComponentNotRunningYet(@TempDir Path storage) throws Exception {
        try (KuraNode node = KuraNode.builder("snapshots").storage(storage)
                .configuration(ABSENT, Map.of("answer", 42)).start()) {
            assertTrue(node.awaitListed(WAIT, KuraNodeServicesTest.PROBE_PID));
            node.updateConfiguration(KuraNodeServicesTest.PROBE_PID, Map.of("secret", "changed")); // a new snapshot
        }
        try (KuraNode rebooted = KuraNode.builder("snapshots").storage(storage).start()) {
            Map<String, Object> kept = rebooted.configuration(ABSENT);
            assertNotNull(kept, "the provisioning of a component not running survived a snapshot and a reboot");
            assertEquals(42, kept.get("answer"));
        }
    }
}
