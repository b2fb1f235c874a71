package io.coaptree.bench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodeLevel;

class PhaseRatesTest {

    private final FleetLayout layout = FleetLayout.of(10);
    private final NodeAddress d1 = NodeAddress.parse("D1/-/d1");
    private final NodeAddress g11 = NodeAddress.parse("D1/g1/g1-1");

    /** Every gateway received 10 messages a second for 2 s, and the restarted group's counter started again. */
    private Map<NodeAddress, WireMeter.Snapshot> after() {
        Map<NodeAddress, WireMeter.Snapshot> after = new HashMap<>();
        layout.gateways().forEach(g -> after.put(g, new WireMeter.Snapshot(120, 2000, 20, 4, 400, 0)));
        after.put(g11, new WireMeter.Snapshot(1, 100, 1, 1, 100, 0));
        return after;
    }

    private Map<NodeAddress, WireMeter.Snapshot> before() {
        Map<NodeAddress, WireMeter.Snapshot> before = new HashMap<>();
        layout.gateways().forEach(g -> before.put(g, new WireMeter.Snapshot(100, 1000, 10, 2, 200, 0)));
        return before;
    }

    @Test
    void aRestartedGatewayIsLeftOutOfTheGroupsMeanAndTheDomainWatchedIsOneThatDidNotRestart() {
        PhaseRates rates = PhaseRates.of("a domain restarting", 2, layout, before(), after(), Set.of(d1, g11));
        assertEquals(10, rates.group().inPerSecond(), 1e-9, "the restarted group's counter started again");
        assertEquals(5, rates.group().checksPerSecond(), 1e-9);
        assertEquals(500, rates.group().bytesInPerSecond(), 1e-9);
        assertEquals(1, rates.group().outPerSecond(), 1e-9);
        assertEquals("D2/-/d2", rates.domainGateway());
        assertEquals(10, rates.root().inPerSecond(), 1e-9);
    }

    @Test
    void withNothingRestartedTheBusiestDomainIsWatched() {
        PhaseRates rates = PhaseRates.of("idle", 2, layout, before(), before(), Set.of());
        assertEquals(layout.busiest(NodeLevel.DOMAIN).orElseThrow().text(), rates.domainGateway());
        assertEquals(0, rates.domain().inPerSecond(), 1e-9);
    }
}
