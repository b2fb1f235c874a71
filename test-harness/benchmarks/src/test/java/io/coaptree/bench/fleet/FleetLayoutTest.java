package io.coaptree.bench.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodeLevel;
import io.coaptree.tree.model.NodePath;

class FleetLayoutTest {

    private static long count(FleetLayout layout, NodeLevel level) {
        return layout.gateways().stream().filter(g -> g.path().level() == level).count();
    }

    @Test
    void aFleetIsARootAboutTheSquareRootInDomainsAndTheRestInGroups() {
        FleetLayout thousand = FleetLayout.of(1000);
        assertEquals(1000, thousand.size());
        assertEquals(1, count(thousand, NodeLevel.ROOT));
        assertEquals(32, count(thousand, NodeLevel.DOMAIN));
        assertEquals(967, count(thousand, NodeLevel.GROUP));
        assertEquals(1000, Set.copyOf(thousand.gateways()).size(), "every gateway its own address");

        FleetLayout ten = FleetLayout.of(10);
        assertEquals(3, count(ten, NodeLevel.DOMAIN));
        assertEquals(6, count(ten, NodeLevel.GROUP));
        assertEquals(1, FleetLayout.of(1).size());
        assertEquals(1, count(FleetLayout.of(2), NodeLevel.DOMAIN));
        assertThrows(IllegalArgumentException.class, () -> FleetLayout.of(0));
    }

    @Test
    void groupsAreSpreadEvenlySoTheBusiestDomainHasAboutTheSquareRootInChildren() {
        FleetLayout layout = FleetLayout.of(1000);
        NodeAddress busiest = layout.busiest(NodeLevel.DOMAIN).orElseThrow();
        assertEquals("D1/-/d1", busiest.text());
        assertEquals(31, layout.children(busiest).size());
        assertEquals(32, layout.children(layout.gateways().get(0)).size(), "the root's children are the domains");
    }

    @Test
    void aNeighbourhoodIsTheParentTheChildrenAndTheReplicas() {
        FleetLayout layout = FleetLayout.of(10);
        NodeAddress d1 = NodeAddress.parse("D1/-/d1");
        assertEquals(Set.of(NodeAddress.parse("-/-/top"), NodeAddress.parse("D1/g1/g1-1"),
                NodeAddress.parse("D1/g2/g1-2")), layout.neighbourhood(d1));
        assertEquals(Set.of(d1), layout.neighbourhood(NodeAddress.parse("D1/g2/g1-2")));
        FleetLayout replicated = new FleetLayout(java.util.List.of(NodeAddress.parse("-/-/top"), d1,
                NodeAddress.parse("D1/-/d1b")));
        assertEquals(Set.of(NodeAddress.parse("-/-/top"), NodeAddress.parse("D1/-/d1b")),
                replicated.neighbourhood(d1));
    }

    @Test
    void theRootIsOnTheHubAndEachDomainWithItsGroupsOnOneBrokerInTurn() {
        assertEquals(FleetLayout.HUB, FleetLayout.brokerOf(NodePath.root(), 3));
        assertEquals(FleetLayout.HUB, FleetLayout.brokerOf(NodePath.domain("D1"), 3));
        assertEquals("site-1", FleetLayout.brokerOf(NodePath.group("D2", "g7"), 3));
        assertEquals("site-2", FleetLayout.brokerOf(NodePath.domain("D3"), 3));
        assertEquals(FleetLayout.HUB, FleetLayout.brokerOf(NodePath.group("D4", "g1"), 3));
        assertEquals(FleetLayout.HUB, FleetLayout.brokerOf(NodePath.group("D2", "g1"), 1), "one broker: the hub");
        assertThrows(IllegalArgumentException.class, () -> FleetLayout.brokerOf(NodePath.domain("A"), 2));
        assertThrows(IllegalArgumentException.class, () -> FleetLayout.brokerOf(NodePath.root(), 0));

        FleetLayout ten = FleetLayout.of(10);
        for (NodeAddress g : ten.gateways()) {
            // a domain's gateways share its broker, so the tree crosses a bridge only between a domain and the root
            g.path().parent().filter(p -> !p.isRoot()).ifPresent(parent -> assertEquals(
                    FleetLayout.brokerOf(parent, 2), FleetLayout.brokerOf(g.path(), 2), g.text()));
        }
        assertEquals(java.util.List.of("top root broker=hub", "d1 domain D1 broker=hub", "d2 domain D2 broker=site-1",
                "d3 domain D3 broker=hub", "g1-1 group D1 g1 broker=hub", "g2-1 group D2 g1 broker=site-1"),
                ten.inventory(2).subList(0, 6));
    }
}
