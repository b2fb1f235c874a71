package io.coaptree.brokeracl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FleetInventoryTest {

    @Test
    void gatewaysWithoutDomainOrGroupTakeThemFromTheirRolesSnapshot() throws Exception {
        Map<Role, RoleSnapshot> snapshots = Fleets.snapshots();
        FleetInventory fleet = FleetInventory.parse("fleet", "gw-1 group\ngw-2 domain\ngw-3 group building-b\n",
                snapshots);
        assertEquals(List.of(new FleetMember("gw-1", Role.GROUP, "building-a", "floor-1"),
                new FleetMember("gw-2", Role.DOMAIN, "building-a", ""),
                new FleetMember("gw-3", Role.GROUP, "building-b", "floor-1")), fleet.members());
        assertEquals("building-a/floor-1", fleet.members().get(0).path());
    }

    @Test
    void theSnapshotsGiveLevelsAndPrefix() throws Exception {
        Map<Role, RoleSnapshot> snapshots = Fleets.snapshots();
        assertEquals(0, snapshots.get(Role.ROOT).level());
        assertEquals("coaptree", BrokerAclTool.prefix(snapshots));
        assertEquals("", snapshots.get(Role.ROOT).domain());
    }

    @Test
    void badLinesAreRefusedNamingTheLineAndField() throws Exception {
        Map<Role, RoleSnapshot> snapshots = Fleets.snapshots();
        assertRefused("fleet line 2: name 'top' is listed twice", "top root\ntop domain A\n", snapshots);
        assertRefused("fleet line 1: role 'king'", "x king\n", snapshots);
        assertRefused("fleet line 1: name 'g+1'", "g+1 group A 1\n", snapshots);
        assertRefused("fleet line 1: group '-'", "g group A -\n", snapshots);
        assertRefused("fleet line 1: a root has no domain", "top root A\n", snapshots);
        assertRefused("fleet line 1: a domain gateway has no group", "d domain A 1\n", snapshots);
        assertRefused("fleet: lists no gateway", "# nothing\nmonitor observer\n", snapshots);
        assertRefused("fleet line 1: domain is missing", "g group\n", Map.of());
    }

    @Test
    void aBridgedFleetNamesTheBrokerOfEveryLine() throws Exception {
        FleetInventory fleet = Fleets.sevenGatewaysBridged();
        assertTrue(fleet.isBridged());
        assertEquals(new FleetMember("gA1", Role.GROUP, "A", "1", "site-a"), fleet.members().get(3));
        assertEquals(new FleetMember("g", Role.GROUP, "A", "1", "s"),
                FleetInventory.parse("fleet", "g broker=s group A 1\n", Fleets.snapshots()).members().get(0),
                "anywhere on the line");
        assertTrue(!Fleets.sevenGateways().isBridged());
    }

    @Test
    void brokersAreGivenForAllOrNoneAndADomainSharesOne() throws Exception {
        Map<Role, RoleSnapshot> snapshots = Fleets.snapshots();
        assertRefused("fleet line 2: broker= must be given on every line or on none (fleet line 1 has one)",
                "top root broker=c\ndA domain A\n", snapshots);
        assertRefused("fleet line 3: broker 'b', but domain A's gateway dA (fleet line 2) is on 'a'",
                "top root broker=c\ndA domain A broker=a\ngA1 group A 1 broker=b\n", snapshots);
        assertRefused("fleet line 2: broker 'b', but the root's gateway t1",
                "t1 root broker=c\nt2 root broker=b\n", snapshots);
        assertRefused("fleet line 1: broker= is given twice", "top root broker=a broker=b\n", snapshots);
        assertRefused("fleet line 1: broker 'a/b'", "top root broker=a/b\n", snapshots);
        assertRefused("fleet line 2: name 'bridge-a' is the user name of broker a's bridge",
                "top root broker=c\nbridge-a domain A broker=a\n", snapshots);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> BridgedBrokers.of(
                FleetInventory.parse("fleet", "dA domain A broker=a\n", snapshots), "coaptree"));
        assertTrue(e.getMessage().contains("no root gateway"), e.getMessage());
    }

    private static void assertRefused(String start, String text, Map<Role, RoleSnapshot> snapshots) {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> FleetInventory.parse("fleet", text, snapshots));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    @Test
    void namesFollowTheTreesRule() {
        for (String name : List.of("a", "gA1", "_x", "building-a", "f.1", "a".repeat(63), "", "-", "-a", ".a", "a/b",
                "a+", "#", "a b", "a".repeat(64), "ä")) {
            assertEquals(io.coaptree.tree.model.NodeNames.isValid(name), TopicNames.isValid(name), name);
        }
    }
}
