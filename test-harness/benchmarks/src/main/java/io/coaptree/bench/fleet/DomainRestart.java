package io.coaptree.bench.fleet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.coaptree.tree.model.NodeAddress;

/**
 * A whole domain restarting (its domain gateway and every group under it stop as a power cut at a site would end, by
 * leaving, and start again at once) while the root's directory is read page by page every half second: the most
 * links it listed twice, and the most it missed, until every gateway is back and the lookup returns every link of
 * the fleet exactly once again.
 *
 * @param domain the domain gateway restarted with its groups
 * @param gateways how many gateways restarted
 * @param duplicatesMax the most links a paged lookup at the root listed more than once meanwhile
 * @param missingMax the most links it did not list meanwhile
 * @param completeSeconds from the stop until the tree and the lookup were complete again
 */
record DomainRestart(NodeAddress domain, int gateways, long duplicatesMax, long missingMax, double completeSeconds) {

    private static final long SAMPLE_MILLIS = 500;

    static DomainRestart run(FleetSimulation fleet, FleetLayout layout, NodeAddress domain, long expected, int page,
            Duration timeout) throws TimeoutException, InterruptedException {
        NodeAddress root = layout.gateways().get(0);
        List<NodeAddress> site = new ArrayList<>(List.of(domain));
        site.addAll(layout.children(domain));
        // From an exact directory: what the join and restart before left in flight must not count as this restart's.
        long settleDeadline = System.nanoTime() + timeout.toNanos();
        RootDirectory.Listing before;
        while (!(before = RootDirectory.Listing.of(fleet, root, page)).isExactly(expected)) {
            if (System.nanoTime() > settleDeadline) {
                throw new TimeoutException("the root's lookup was not exact before the domain restarted: "
                        + before.describe(expected));
            }
            TimeUnit.MILLISECONDS.sleep(SAMPLE_MILLIS);
        }
        long start = System.nanoTime();
        site.forEach(fleet::stop);
        site.forEach(fleet::start);
        long deadline = start + timeout.toNanos();
        long duplicates = 0;
        long missing = 0;
        RootDirectory.Listing last = null;
        while (System.nanoTime() < deadline) {
            last = RootDirectory.Listing.of(fleet, root, page);
            duplicates = Math.max(duplicates, last.duplicates());
            missing = Math.max(missing, expected - last.distinct());
            if (last.isExactly(expected) && fleet.isComplete(FleetSimulation.NEIGHBOURHOOD)) {
                return new DomainRestart(domain, site.size(), duplicates, missing,
                        (System.nanoTime() - start) / 1e9);
            }
            TimeUnit.MILLISECONDS.sleep(SAMPLE_MILLIS);
        }
        throw new TimeoutException("after " + domain + " restarted with its groups, the root's lookup was not complete "
                + "within " + timeout + ": " + (last == null ? "no lookup made" : last.describe(expected)));
    }
}
