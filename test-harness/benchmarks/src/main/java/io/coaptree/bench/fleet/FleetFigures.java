package io.coaptree.bench.fleet;

import java.util.List;
import java.util.Map;

/**
 * What the fleet simulator measured for one fleet size: one object of result.json's {@code runs}. A figure not
 * measured in a run (no directories with {@code resources=0}, no reads with fewer than two groups) is {@code null}.
 *
 * @param gateways the fleet's size
 * @param brokers the Mosquitto brokers it ran on: the hub and the sites bridged to it as the shipped generator
 *        configures them (1: one broker, no bridge)
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
 * @param brokerDeliveriesPerSecond messages the brokers delivered a second while idle (every subscriber is a
 *        gateway: the sum of what they received; with bridges, what a bridge forwards is not counted apart, only
 *        what reaches a gateway)
 * @param rootDirectoryHeapMiB heap the root's registration store holds with the whole fleet's links
 * @param rootLinks links a paged lookup at the root returns (the fleet's, each once)
 * @param pagedLookupCompleteSeconds time from a cold start until a paged lookup at the root first returns every link
 *        of the fleet exactly once
 * @param pageSize links a page when a client pages through the root's lookup over CoAP
 * @param pagesTimed pages it asked for, each a whole blockwise transfer
 * @param pagesFailed among them, pages not answered 2.05 with exactly the links the root's directory lists there
 * @param pageP50Ms the time of one page, from the request until its last block, median
 * @param pageP99Ms the same, 99th percentile
 * @param remoteReadP50Ms remote reads between random groups at 100/s for the idle window's length, median
 * @param remoteReadP99Ms the same, 99th percentile
 * @param remoteReadFailed the same, reads not answered 2.05
 * @param remoteReadFailures those reads by their answer's code, or {@code unanswered}
 * @param readsSimulatorCpuPercent the simulator's CPU meanwhile, in percent of the machine (all its cores)
 * @param readsCollectorPauses the simulator's collector pauses meanwhile: each stops every gateway at once
 * @param readsLongestPauseMs the longest of them
 * @param readsSimulatorKernelPercent the kernel's share of the simulator's CPU meanwhile (NaN off Linux)
 * @param domainRestartGateways how many gateways restarted together: the busiest domain and its groups
 * @param domainRestartDuplicatesMax the most links a paged lookup at the root listed twice while they restarted
 * @param domainRestartMissingMax the most links it missed meanwhile
 * @param domainRestartCompleteSeconds from their stop until the tree and the root's lookup were complete again
 * @param threads live threads of the simulator's JVM with the fleet running
 * @param idleSimulatorCpuPercent the simulator's CPU in the idle window, in percent of the machine
 * @param idleSimulatorKernelPercent the kernel's share of it (NaN off Linux)
 * @param phases a group's, a domain's and the root's traffic a second while idle, while one group joins, while it
 *        restarts and while a whole domain restarts
 */
public record FleetFigures(int gateways, int brokers, double coldStartSeconds, double groupIdleInPerSecond,
        double groupIdleChecksPerSecond, double groupIdleBytesInPerSecond, double groupIdleOutPerSecond,
        double domainIdleInPerSecond, double domainIdleChecksPerSecond, long joinMessagesOutsideNeighbourhood,
        long joinExtraMessagesOutsideNeighbourhood, long restartMessagesOutsideNeighbourhood,
        double brokerDeliveriesPerSecond, Double rootDirectoryHeapMiB, Long rootLinks,
        Double pagedLookupCompleteSeconds, Integer pageSize, Long pagesTimed, Long pagesFailed, Double pageP50Ms,
        Double pageP99Ms, Double remoteReadP50Ms, Double remoteReadP99Ms, Long remoteReadFailed,
        Map<String, Long> remoteReadFailures, Double readsSimulatorCpuPercent, Long readsCollectorPauses,
        Double readsLongestPauseMs, Double readsSimulatorKernelPercent,
        Integer domainRestartGateways, Long domainRestartDuplicatesMax, Long domainRestartMissingMax,
        Double domainRestartCompleteSeconds, int threads, double idleSimulatorCpuPercent,
        double idleSimulatorKernelPercent, List<PhaseRates> phases) {

    public FleetFigures {
        phases = List.copyOf(phases);
    }
}
