package io.coaptree.brokeracl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** The repository's role snapshots and the demo's seven-gateway fleet, for the tests. */
final class Fleets {

    static final String SEVEN_GATEWAYS = String.join("\n", "# the demo tree", "top root", "dA domain A", "dB domain B",
            "gA1 group A 1", "gA2 group A 2", "gB1 group B 1", "gB2 group B 2", "monitor observer", "");

    /** The demo tree on three bridged brokers: the root's, domain A's and domain B's. */
    static final String SEVEN_GATEWAYS_BRIDGED = String.join("\n", "top root broker=centre",
            "dA domain A broker=site-a", "dB domain B broker=site-b", "gA1 group A 1 broker=site-a",
            "gA2 group A 2 broker=site-a", "gB1 group B 1 broker=site-b", "gB2 group B 2 broker=site-b",
            "monitor observer broker=centre", "");

    private Fleets() {
    }

    static Path kuraConfig() {
        return Path.of(System.getProperty("coaptree.kura-config", "../../kura-config"));
    }

    static Map<Role, RoleSnapshot> snapshots() throws IOException, InvalidInputException {
        return BrokerAclTool.snapshots(kuraConfig());
    }

    static FleetInventory sevenGateways() throws IOException, InvalidInputException {
        return FleetInventory.parse("fleet.txt", SEVEN_GATEWAYS, snapshots());
    }

    static FleetInventory sevenGatewaysBridged() throws IOException, InvalidInputException {
        return FleetInventory.parse("fleet.txt", SEVEN_GATEWAYS_BRIDGED, snapshots());
    }

    /** As generated from the shipped snapshots (which keep direct routes on). */
    static AccessList sevenGatewaysAcl() throws IOException, InvalidInputException {
        java.util.Set<Role> direct = java.util.EnumSet.noneOf(Role.class);
        snapshots().forEach((role, snapshot) -> {
            if (snapshot.directRoutes()) {
                direct.add(role);
            }
        });
        return AclFile.parse(AclFile.write(java.util.List.of("test"),
                TreeAccessRules.of(sevenGateways(), "coaptree", direct)));
    }

    /** For a fleet whose snapshots turn direct routes off: requests only hop by hop. */
    static AccessList sevenGatewaysHopByHopAcl() throws IOException, InvalidInputException {
        return AclFile.parse(AclFile.write(java.util.List.of("test"), TreeAccessRules.of(sevenGateways(), "coaptree")));
    }
}
