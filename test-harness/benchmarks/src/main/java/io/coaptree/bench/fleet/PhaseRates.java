package io.coaptree.bench.fleet;

import java.util.Map;
import java.util.Set;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodeLevel;

/**
 * What gateways received, sent and checked a second during one phase of a fleet's measurement (idle, one group
 * joining, it restarting, a whole domain restarting): a group gateway (the mean over the groups), one domain gateway
 * and the root. Gateways restarted during the phase are left out: their counters started again with them.
 *
 * @param phase what happened
 * @param seconds the phase's length, from the change until the fleet settled after it
 * @param group the mean group gateway
 * @param domain the domain gateway watched (see {@code domainGateway})
 * @param domainGateway the busiest domain gateway that did not restart in the phase
 * @param root the root gateway
 */
public record PhaseRates(String phase, double seconds, Rates group, Rates domain, String domainGateway, Rates root) {

    /**
     * One gateway's traffic a second.
     *
     * @param inPerSecond messages received
     * @param outPerSecond messages published
     * @param checksPerSecond signature checks among those received (Ed25519, a {@code COSE_Sign1} each)
     * @param bytesInPerSecond bytes received
     */
    public record Rates(double inPerSecond, double outPerSecond, double checksPerSecond, double bytesInPerSecond) {

        static Rates of(WireMeter.Snapshot window, double gatewaySeconds) {
            double s = Math.max(1e-9, gatewaySeconds);
            return new Rates(window.messagesIn() / s, window.messagesOut() / s, window.checks() / s,
                    window.bytesIn() / s);
        }
    }

    /**
     * @param before every running gateway's counters when the phase began
     * @param after the same when it ended
     * @param restarted gateways that stopped and started during the phase
     */
    static PhaseRates of(String phase, double seconds, FleetLayout layout, Map<NodeAddress, WireMeter.Snapshot> before,
            Map<NodeAddress, WireMeter.Snapshot> after, Set<NodeAddress> restarted) {
        WireMeter.Snapshot groups = WireMeter.Snapshot.ZERO;
        int counted = 0;
        for (NodeAddress gateway : layout.gateways()) {
            if (gateway.path().level() == NodeLevel.GROUP && !restarted.contains(gateway)
                    && before.containsKey(gateway) && after.containsKey(gateway)) {
                groups = groups.plus(after.get(gateway).minus(before.get(gateway)));
                counted++;
            }
        }
        NodeAddress domain = busiestDomainLeft(layout, restarted);
        NodeAddress root = layout.gateways().get(0);
        return new PhaseRates(phase, seconds, Rates.of(groups, Math.max(1, counted) * seconds),
                domain == null ? null : Rates.of(window(domain, before, after), seconds),
                domain == null ? null : domain.text(), Rates.of(window(root, before, after), seconds));
    }

    private static WireMeter.Snapshot window(NodeAddress gateway, Map<NodeAddress, WireMeter.Snapshot> before,
            Map<NodeAddress, WireMeter.Snapshot> after) {
        WireMeter.Snapshot start = before.get(gateway);
        WireMeter.Snapshot end = after.get(gateway);
        return start == null || end == null ? WireMeter.Snapshot.ZERO : end.minus(start);
    }

    /** The domain gateway with the most children among those that did not restart; null if every one did. */
    private static NodeAddress busiestDomainLeft(FleetLayout layout, Set<NodeAddress> restarted) {
        NodeAddress busiest = null;
        int most = -1;
        for (NodeAddress gateway : layout.gateways()) {
            if (gateway.path().level() == NodeLevel.DOMAIN && !restarted.contains(gateway)
                    && layout.children(gateway).size() > most) {
                busiest = gateway;
                most = layout.children(gateway).size();
            }
        }
        return busiest;
    }
}
