package io.coaptree.bench.fleet;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.tree.model.NodeAddress;

/**
 * The root's view of the fleet's resources: how long after a cold start a paged lookup at the root first returns
 * every link of the fleet exactly once, and the heap its directory holds then.
 *
 * @param root the root gateway
 * @param links the links the complete paged lookup returned
 * @param completeSeconds from the cold start until then
 */
record RootDirectory(NodeAddress root, long links, double completeSeconds) {

    /**
     * Pages through the root's directory ({@code page} links a page) every half second until it returns
     * {@code expected} links, each once.
     *
     * @param coldStartNanos when the fleet's gateways were started ({@link System#nanoTime()})
     * @throws TimeoutException with what the last lookup returned, after {@code timeout}
     */
    static RootDirectory awaitComplete(FleetSimulation fleet, NodeAddress root, long expected, int page,
            long coldStartNanos, Duration timeout) throws TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Listing last = null;
        while (System.nanoTime() < deadline) {
            last = Listing.of(fleet, root, page);
            if (last.isExactly(expected)) {
                return new RootDirectory(root, expected, (System.nanoTime() - coldStartNanos) / 1e9);
            }
            TimeUnit.MILLISECONDS.sleep(500);
        }
        throw new TimeoutException("the root's paged lookup was not complete within " + timeout + ": "
                + (last == null ? "no lookup made" : last.describe(expected)));
    }

    /**
     * What one paged lookup at the root returned.
     *
     * @param links the links, duplicates counted
     * @param distinct the distinct targets among them
     */
    record Listing(long links, long distinct) {

        /** Pages through the root's directory, {@code page} links a page. */
        static Listing of(FleetSimulation fleet, NodeAddress root, int page) {
            List<Link> found = fleet.remoteQuery(root).orElseThrow().pagedLookup(page);
            Set<String> targets = new HashSet<>();
            found.forEach(link -> targets.add(link.target()));
            return new Listing(found.size(), targets.size());
        }

        /** Every one of {@code expected} links, each once. */
        boolean isExactly(long expected) {
            return distinct == expected && links == expected;
        }

        long duplicates() {
            return links - distinct;
        }

        String describe(long expected) {
            return links + " links, " + distinct + " distinct, of " + expected;
        }
    }

    /** A registration of the root's store as text, so that nothing of the store is kept alive by the copy. */
    private record Saved(RegistrationRequest.Builder request, String links) {
    }

    /**
     * The heap the root's registration store holds. Its registrations are kept as text, the fleet is stopped, and
     * they are registered again into a fresh store of the same options; the heap in use after a full collection
     * with that store, less the same before it was filled, is what it holds. (The running store cannot be weighed
     * apart from the rest of the fleet in this JVM, and the directory shares equal links between registrations, so
     * the copy must not keep any of the originals alive.) Stops the fleet.
     */
    long heldBytes(FleetSimulation fleet) throws LinkFormatParseException {
        List<Saved> saved = new ArrayList<>();
        RegistrationStore running = fleet.remoteQuery(root).orElseThrow().store();
        RegistrationStore[] held = { new RegistrationStore(running.options(), Clock.systemUTC()) };
        for (Registration r : running.registrations()) {
            RegistrationRequest.Builder request = RegistrationRequest.builder(r.endpointName()).base(r.base())
                    .lifetimeSeconds(r.lifetimeSeconds());
            r.sector().ifPresent(request::sector);
            r.identity().ifPresent(request::identity);
            saved.add(new Saved(request, LinkFormatSerializer.serialize(r.links())));
        }
        running = null;
        fleet.close(); // nothing of the fleet allocates between the two collections
        long without = usedAfterCollection();
        for (Saved registration : saved) {
            StoreResult result = held[0].register(registration.request()
                    .links(LinkFormatParser.withDefaults().parse(registration.links())).build());
            if (result.registration().isEmpty()) {
                throw new IllegalStateException("a registration of the root did not copy: " + result);
            }
        }
        long with = usedAfterCollection(); // the saved text is held in both: only the store differs
        held[0] = null;
        saved.clear();
        return Math.max(0, with - without);
    }

    private static long usedAfterCollection() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
