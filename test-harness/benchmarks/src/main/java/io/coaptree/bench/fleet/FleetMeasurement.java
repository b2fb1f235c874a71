package io.coaptree.bench.fleet;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Stream;

import io.coaptree.bench.scenario.StepProgress;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodeLevel;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.options.TreeOptions;

/**
 * The measurements of one fleet size on a running {@link FleetSimulation}: a cold start until the tree and the root's
 * directory are complete, an idle window, a client paging through the root's directory over CoAP, remote reads
 * between random groups at 100/s, one group gateway joining,
 * the same gateway restarting, the busiest domain restarting with its groups, and the root directory's heap (which
 * stops the fleet). Today's tree is the full mesh, so "complete" means every gateway
 * sees every other one up.
 */
final class FleetMeasurement {

    /** A joining gateway waits its join window, then heartbeats: after this much more every gateway has seen it. */
    private static final Duration SETTLE = Duration.ofMillis(TreeOptions.HEARTBEAT_INTERVAL.defaultValue());

    /** The rate of remote reads between random groups. */
    private static final int READS_PER_SECOND = 100;

    /**
     * A lookup's page at the root, as a client pages through the whole fleet: in-process and over CoAP alike, so
     * the two steps read the same pages. 500 links (about 50 KB of link format) stay below the directory's
     * {@code lookup.payload.max.bytes} (64 KiB) and are a hundred 512-byte blocks over CoAP.
     */
    static final int PAGE = 500;

    private final FleetLayout layout;
    private final FleetSimulation fleet;
    private final Duration idle;
    private final int resources;
    private final int brokers;
    private final FleetSimulation.Expected expected = FleetSimulation.NEIGHBOURHOOD;

    /**
     * @param resources the links each gateway's directory holds (as the fleet was made)
     * @param brokers the brokers the fleet runs on (reported only)
     */
    FleetMeasurement(FleetLayout layout, FleetSimulation fleet, Duration idle, int resources, int brokers) {
        this.layout = layout;
        this.fleet = fleet;
        this.idle = idle;
        this.resources = resources;
        this.brokers = brokers;
    }

    FleetFigures run(StepProgress progress)
            throws TimeoutException, InterruptedException, LinkFormatParseException, IOException {
        int n = layout.size();
        Duration timeout = Duration.ofSeconds(60 + n / 5);
        for (NodeAddress gateway : layout.gateways()) {
            fleet.start(gateway);
        }
        long coldStartNanos = System.nanoTime();
        double coldStart = fleet.awaitComplete(expected, timeout).toMillis() / 1e3;
        progress.step();
        NodeAddress root = layout.gateways().get(0);
        RootDirectory directory = resources == 0 ? null
                : RootDirectory.awaitComplete(fleet, root, (long) n * resources, PAGE, coldStartNanos, timeout);
        // the joins' answers and first heartbeats are over after one more failure timeout
        TimeUnit.MILLISECONDS.sleep(TreeOptions.FAILURE_TIMEOUT.defaultValue());

        Map<NodeAddress, WireMeter.Snapshot> before = fleet.snapshot();
        long started = System.nanoTime();
        SimulatorLoad.Figures idleLoad;
        try (SimulatorLoad load = new SimulatorLoad()) {
            TimeUnit.MILLISECONDS.sleep(idle.toMillis());
            idleLoad = load.figures();
        }
        Map<NodeAddress, WireMeter.Snapshot> after = fleet.snapshot();
        double seconds = (System.nanoTime() - started) / 1e9;
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        List<PhaseRates> phases = new ArrayList<>();
        phases.add(PhaseRates.of("idle", seconds, layout, before, after, Set.of()));
        progress.step();

        WireMeter.Snapshot groups = sum(before, after, g -> g.path().level() == NodeLevel.GROUP);
        long groupCount = layout.gateways().stream().filter(g -> g.path().level() == NodeLevel.GROUP).count();
        NodeAddress domain = layout.busiest(NodeLevel.DOMAIN).orElse(layout.gateways().get(0));
        WireMeter.Snapshot busiestDomain = after.get(domain).minus(before.get(domain));
        WireMeter.Snapshot all = sum(before, after, g -> true);
        double perGroup = Math.max(1, groupCount) * seconds;
        double idleInPerGateway = all.messagesIn() / (n * seconds);

        // pages over CoAP for as long as the idle window (the directory stays complete meanwhile)
        RootPages pages = directory == null ? null
                : RootPages.run(fleet.remoteQuery(root).orElseThrow(), directory.links(), PAGE, idle);
        if (pages != null && pages.failed() > 0) {
            System.out.println("  fleet of " + n + ": " + pages.failed() + " of " + pages.pages()
                    + " pages over CoAP failed, the first: " + pages.firstFailure());
        }
        progress.step();

        List<NodeAddress> groupGateways = layout.gateways().stream().filter(g -> g.path().level() == NodeLevel.GROUP)
                .toList();
        RemoteReads reads = resources == 0 || groupGateways.size() < 2 ? null
                : RemoteReads.run(fleet, groupGateways, resources, READS_PER_SECOND, idle, n);
        progress.step();

        NodeAddress joiner = NodeAddress.of(NodePath.group("D1", "gjoin"), "gjoin");
        Set<NodeAddress> outside = outsideOf(joiner);
        Window join = window(joiner, outside, () -> fleet.start(joiner));
        phases.add(join.rates("one group joining", layout, Set.of()));
        progress.step();
        Window restart = window(joiner, outside, () -> {
            fleet.stop(joiner);
            fleet.start(joiner);
        });
        phases.add(restart.rates("the same group restarting", layout, Set.of(joiner)));
        progress.step();
        fleet.watch(null);
        Map<NodeAddress, WireMeter.Snapshot> beforeSite = fleet.snapshot();
        DomainRestart site = directory == null || layout.busiest(NodeLevel.DOMAIN).isEmpty() ? null
                : DomainRestart.run(fleet, layout, layout.busiest(NodeLevel.DOMAIN).get(), (long) (n + 1) * resources,
                        PAGE, timeout);
        if (site != null) {
            Set<NodeAddress> restarted = new HashSet<>(layout.children(site.domain()));
            restarted.add(site.domain());
            phases.add(PhaseRates.of("a domain restarting with its " + (site.gateways() - 1) + " groups",
                    site.completeSeconds(), layout, beforeSite, fleet.snapshot(), restarted));
        }
        progress.step();
        Double heapMiB = directory == null ? null : directory.heldBytes(fleet) / (1024.0 * 1024.0);
        return new FleetFigures(n, brokers, coldStart, groups.messagesIn() / perGroup, groups.checks() / perGroup,
                groups.bytesIn() / perGroup, groups.messagesOut() / perGroup, busiestDomain.messagesIn() / seconds,
                busiestDomain.checks() / seconds, join.fromJoiner(),
                Math.round(join.messagesIn() - idleInPerGateway * outside.size() * join.seconds()),
                restart.fromJoiner(), all.messagesIn() / seconds, heapMiB,
                directory == null ? null : directory.links(), directory == null ? null : directory.completeSeconds(),
                pages == null ? null : pages.pageSize(), pages == null ? null : pages.pages(),
                pages == null ? null : pages.failed(), pages == null ? null : pages.p50Millis(),
                pages == null ? null : pages.p99Millis(),
                reads == null ? null : reads.p50Millis(), reads == null ? null : reads.p99Millis(),
                reads == null ? null : reads.failed(), reads == null ? null : reads.failures(),
                reads == null ? null : reads.simulator().cpuPercent(),
                reads == null ? null : reads.simulator().pauses(),
                reads == null ? null : reads.simulator().longestPauseMillis(),
                reads == null ? null : reads.simulator().kernelPercent(), site == null ? null : site.gateways(),
                site == null ? null : site.duplicatesMax(), site == null ? null : site.missingMax(),
                site == null ? null : site.completeSeconds(), threads, idleLoad.cpuPercent(), idleLoad.kernelPercent(),
                phases);
    }

    /** The gateways a joining {@code gateway} should cost nothing: all but its neighbourhood and itself. */
    private Set<NodeAddress> outsideOf(NodeAddress gateway) {
        FleetLayout withIt = new FleetLayout(append(layout.gateways(), gateway));
        Set<NodeAddress> near = withIt.neighbourhood(gateway);
        return Set.copyOf(layout.gateways().stream().filter(g -> !near.contains(g)).toList());
    }

    private static List<NodeAddress> append(List<NodeAddress> gateways, NodeAddress one) {
        return Stream.concat(gateways.stream(), Stream.of(one)).toList();
    }

    /** What the gateways {@code outside} received while {@code change} ran and the fleet settled after it. */
    private record Window(long fromJoiner, long messagesIn, double seconds,
            Map<NodeAddress, WireMeter.Snapshot> before, Map<NodeAddress, WireMeter.Snapshot> after) {

        PhaseRates rates(String phase, FleetLayout layout, Set<NodeAddress> restarted) {
            return PhaseRates.of(phase, seconds, layout, before, after, restarted);
        }
    }

    private Window window(NodeAddress joiner, Set<NodeAddress> outside, Runnable change)
            throws TimeoutException, InterruptedException {
        fleet.watch(joiner);
        Map<NodeAddress, WireMeter.Snapshot> before = fleet.snapshot();
        long started = System.nanoTime();
        change.run();
        fleet.awaitComplete(expected, Duration.ofSeconds(60));
        TimeUnit.MILLISECONDS.sleep(SETTLE.toMillis());
        Map<NodeAddress, WireMeter.Snapshot> after = fleet.snapshot();
        double seconds = (System.nanoTime() - started) / 1e9;
        WireMeter.Snapshot total = sum(before, after, outside::contains);
        return new Window(total.fromWatched(), total.messagesIn(), seconds, before, after);
    }

    private static WireMeter.Snapshot sum(Map<NodeAddress, WireMeter.Snapshot> before,
            Map<NodeAddress, WireMeter.Snapshot> after, Predicate<NodeAddress> which) {
        WireMeter.Snapshot total = WireMeter.Snapshot.ZERO;
        for (Map.Entry<NodeAddress, WireMeter.Snapshot> entry : after.entrySet()) {
            WireMeter.Snapshot start = before.get(entry.getKey());
            if (which.test(entry.getKey()) && start != null) {
                total = total.plus(entry.getValue().minus(start));
            }
        }
        return total;
    }
}
