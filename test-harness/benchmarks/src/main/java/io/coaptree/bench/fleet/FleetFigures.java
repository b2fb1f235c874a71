package io.coaptree.bench.fleet;

/**
 * What the fleet simulator measured for one fleet size: one object of result.json's {@code runs}. A figure the
 * simulator does not measure yet is {@code null} (written as such, never as a guess).
 *
 * @param gateways the fleet's size
 * @param coldStartSeconds from starting every gateway at once until each saw the tree it must see
 * @param groupIdleInPerSecond messages a group gateway receives a second while nothing happens (mean over groups)
 * @param groupIdleChecksPerSecond signature checks among them (Ed25519, a {@code COSE_Sign1} each)
 * @param groupIdleBytesInPerSecond bytes among them
 * @param groupIdleOutPerSecond messages a group gateway publishes a second
 * @param domainIdleInPerSecond messages the domain gateway with the most children receives a second
 * @param domainIdleChecksPerSecond signature checks among them
 * @param joinMessagesOutsideNeighbourhood messages from one joining group gateway delivered to gateways other than
 *        its parent, children and replicas, from its start until every gateway saw it and a heartbeat interval more
 * @param joinExtraMessagesOutsideNeighbourhood all messages those gateways received meanwhile, less what they receive
 *        idle in as long (the answers a join provokes included; an estimate, it carries the idle rate's noise)
 * @param restartMessagesOutsideNeighbourhood as for the join, for the same gateway leaving and starting again
 * @param brokerDeliveriesPerSecond messages the broker delivered a second while idle (every subscriber is a gateway:
 *        the sum of what they received)
 * @param rootDirectoryHeapMiB heap the root's fleet directory holds; not measured yet
 * @param rootLinks links in the root's fleet directory; not measured yet
 * @param pagedLookupCompleteSeconds time from a cold start until a paged lookup at the root returns every link; not
 *        measured yet
 * @param remoteReadP50Ms remote reads between random groups at 100/s, median; not measured yet
 * @param remoteReadP99Ms the same, 99th percentile; not measured yet
 * @param remoteReadFailed the same, failures; not measured yet
 * @param threads live threads of the simulator's JVM with the fleet running
 */
public record FleetFigures(int gateways, double coldStartSeconds, double groupIdleInPerSecond,
        double groupIdleChecksPerSecond, double groupIdleBytesInPerSecond, double groupIdleOutPerSecond,
        double domainIdleInPerSecond, double domainIdleChecksPerSecond, long joinMessagesOutsideNeighbourhood,
        long joinExtraMessagesOutsideNeighbourhood, long restartMessagesOutsideNeighbourhood,
        double brokerDeliveriesPerSecond, Double rootDirectoryHeapMiB, Long rootLinks,
        Double pagedLookupCompleteSeconds, Double remoteReadP50Ms, Double remoteReadP99Ms, Long remoteReadFailed,
        int threads) {
}
