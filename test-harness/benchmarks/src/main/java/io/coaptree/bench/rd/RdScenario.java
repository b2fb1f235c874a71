package io.coaptree.bench.rd;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.coap.CoAP;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.core.config.CoapConfig;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.load.RequestIssuer;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.server.ServerSample;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;

/**
 * The Resource Directory under registration and lookup load, next to a no-op resource on the same server and
 * with the same clients: 500 registrations from an empty directory (the first evaluation's figure), then filling it to
 * 10,000 endpoints x 10 links, rounds of new endpoints into the full directory each against the no-op POST (the
 * steady state), then four kinds of lookup at 100,000 links; threads and heap (after a full GC) at 0, 500 and
 * 10,000 registrations, and at the end once the server's exchange store has emptied.
 * <p>
 * Settings ({@code --set key=value}): {@code nodes} (endpoints in the full store, 10000), {@code clients}
 * (closed-loop clients of the capacity steps, 16), {@code lookups} (request budget of each 16-client lookup step,
 * 10000), {@code settle} (seconds to wait before the last heap reading, 65: longer than the exchange lifetime).
 */
public final class RdScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final String LABEL = "rd-server";
    static final int FIRST_500 = 500;
    static final int WARM_UP_NODES = 50;
    static final String EMPTY = "0 (before warm-up)";
    /** Requests per warm-up round, 1/3 of them new endpoints: fits next to the nodes in the store. */
    static final int WARM_UP_ROUND = 30_000;
    /** The JIT is done when its threads take less than this share of the server's CPU in a round. */
    static final double JIT_QUIET_SHARE = 0.05;
    static final int MAX_WARM_UP_ROUNDS = 6;
    /** New endpoints per steady-state round; also the room above {@code nodes} the store is given. */
    static final int CHURN = 10_000;
    static final int CHURN_ROUNDS = 5;

    @Override
    public String name() {
        return "rd";
    }

    @Override
    public String description() {
        return "Resource Directory (RFC 9176) on CoAPTree's gateway CoAP server (plain Java, no OSGi, writes open), "
                + "in its own JVM (-Xmx256m), with a no-op CoAP resource (/bare: POST answers 2.04, GET a constant "
                + "link) on the same server as the CoAP stack's own limit. Registrations carry 10 links with 4 "
                + "attributes each (~560 bytes, one message); the load generator runs in this JVM over loopback.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        int nodes = options.setting("nodes", 10_000);
        int clients = options.setting("clients", 16);
        int lookupBudget = options.setting("lookups", 10_000);
        if (nodes < FIRST_500 + WARM_UP_NODES) {
            throw new IllegalArgumentException("nodes must be at least " + (FIRST_500 + WARM_UP_NODES));
        }
        RdWorkload workload = new RdWorkload(nodes);
        TargetSpec spec = new TargetSpec(LABEL, "rd", List.of("--max-registrations",
                Integer.toString(nodes + CHURN + 100)),
                TargetSpec.DEFAULT_JVM_OPTIONS);
        System.out.println("target " + LABEL + ": starting");
        TargetProcess target = context.startTarget(spec);
        CoapProbe.awaitSuccess(HOST, target.port(), RdTarget.BARE, Duration.ofSeconds(60));
        System.out.println("target " + LABEL + ": serving on port " + target.port() + ", pid " + target.pid());
        Map<String, long[]> footprint = new LinkedHashMap<>();

        try (Probe probe = new Probe(target.port())) {
            footprint.put(EMPTY, probe.footprint(target));
            // Warm the stack and the directory's code until the JIT is done with them, so the steps measure the
            // steady state of a gateway that has been running, not compilation: C2 compiles for the branches and
            // types it has seen, so the kinds of request are interleaved (warming them one after the other got
            // the first kind recompiled - and its C2 compilations billed to the measured fill - once the others
            // had run). New endpoints go to a sector of their own and are removed through the RD after each round.
            Supplier<Request> newEndpoints = RdWorkload.newEndpoints(RdWorkload.WARM_UP_SECTOR);
            Supplier<Request> mixed = RdWorkload.interleaved(List.of(newEndpoints,
                    RdWorkload.registrations(nodes - WARM_UP_NODES, WARM_UP_NODES), RdWorkload.barePosts(),
                    newEndpoints, RdWorkload.bareGets(), workload.lookups(RdWorkload.Lookup.RES_BY_EP_AND_RT)));
            Duration warmUpTime = options.scaled(Duration.ofSeconds(10));
            warmUntilCompiled(context, target, probe,
                    LoadProfile.closedLoop("warm-up", clients, warmUpTime, WARM_UP_ROUND), issuers(target, mixed));
            int warmUps = 3000;
            footprint.put("" + WARM_UP_NODES, probe.footprint(target));

            // The first evaluation's figure (docs/design.md): 500 registrations, all at once from 16 clients.
            Measurement first = context.measure(target,
                    LoadProfile.closedLoop("register-500", clients, Duration.ofSeconds(120), FIRST_500),
                    issuers(target, RdWorkload.registrations(0, 0)));
            footprint.put("" + (FIRST_500 + WARM_UP_NODES), probe.footprint(target));

            // Fill to `nodes` endpoints; the no-op POST with the same messages, then once more the directory
            // (re-registrations, a store already full), so machine noise shows as a spread between the two.
            int fill = nodes - FIRST_500 - WARM_UP_NODES;
            Duration fillTime = Duration.ofSeconds(300);
            Measurement register = context.measure(target,
                    LoadProfile.closedLoop("register-fill", clients, fillTime, fill),
                    issuers(target, RdWorkload.registrations(FIRST_500, 0)));
            footprint.put("" + nodes, probe.footprint(target));
            Measurement barePost = context.measure(target,
                    LoadProfile.closedLoop("bare-post", clients, fillTime, fill),
                    issuers(target, RdWorkload.barePosts()));
            Measurement reRegister = context.measure(target,
                    LoadProfile.closedLoop("re-register", clients, fillTime, fill),
                    issuers(target, RdWorkload.registrations(FIRST_500, 0)));

            // The fill grows the store from 550 to `nodes` registrations in its 1-2 s: it measures the growth too
            // (and any compilation the growth sets off). A fleet's steady state is new endpoints arriving at a full
            // directory: CHURN new ones, then the no-op POST with as many messages, then the new ones removed;
            // CHURN_ROUNDS times, so one round's noise on this shared machine shows against the others.
            List<Measurement[]> churn = new ArrayList<>();
            for (int round = 1; round <= CHURN_ROUNDS; round++) {
                Measurement created = context.measure(target,
                        LoadProfile.closedLoop("register-new-" + round, clients, fillTime, CHURN),
                        issuers(target, RdWorkload.newEndpoints(RdWorkload.CHURN_SECTOR)));
                Measurement bare = context.measure(target,
                        LoadProfile.closedLoop("bare-post-" + round, clients, fillTime, CHURN),
                        issuers(target, RdWorkload.barePosts()));
                churn.add(new Measurement[] {created, bare});
                probe.removeSector(RdWorkload.CHURN_SECTOR);
            }

            List<String> sanity = probe.sanity(nodes);
            sanity.forEach(line -> System.out.println("  check: " + line));

            // Warm every lookup kind at full size before measuring any: the warm-up above ran one kind on 50
            // registrations, and JIT compilation of the others (and recompilation for the full store) otherwise
            // lands in the short one-client steps - compiler threads took about a third of the server's CPU there.
            for (RdWorkload.Lookup kind : RdWorkload.Lookup.values()) {
                context.warmUp(LoadProfile.closedLoop("warm-up", clients, warmUpTime, warmUps),
                        issuers(target, workload.lookups(kind)));
            }

            // Lookups at nodes x 10 links: one client (service time) and `clients` clients (capacity), each kind
            // followed by the no-op GET in the same configuration.
            List<Measurement> lookups = new ArrayList<>();
            for (int concurrency : new int[] {1, clients}) {
                long budget = concurrency == 1 ? Math.max(1, lookupBudget / 3) : lookupBudget;
                Duration time = options.scaled(Duration.ofSeconds(8));
                for (RdWorkload.Lookup kind : RdWorkload.Lookup.values()) {
                    lookups.add(context.measure(target, LoadProfile.closedLoop(kind.step + "-c" + concurrency,
                            concurrency, time, budget), issuers(target, workload.lookups(kind))));
                }
                lookups.add(context.measure(target, LoadProfile.closedLoop("bare-get-c" + concurrency,
                        concurrency, time, budget), issuers(target, RdWorkload.bareGets())));
            }
            footprint.put(nodes + " after lookups", probe.footprint(target));
            // The server keeps every exchange for deduplication for limits.exchange.lifetime.seconds (60 s): only
            // once they are gone does heap after GC show what the registrations themselves hold.
            int settle = options.setting("settle", 65);
            System.out.println("  waiting " + settle + " s for the exchange store to empty");
            Thread.sleep(settle * 1000L);
            footprint.put(nodes + " settled", probe.footprint(target));

            notes(context, nodes, first, register, barePost, reRegister, lookups, footprint, sanity);
            churnNotes(context, nodes, churn);
        }
        context.stopTarget(target);
    }

    private static void notes(ScenarioContext context, int nodes, Measurement first, Measurement register,
            Measurement barePost, Measurement reRegister, List<Measurement> lookups, Map<String, long[]> footprint,
            List<String> sanity) {
        LoadResult firstLoad = first.load();
        context.note(String.format(Locale.ROOT, "500 registrations (10 links each, 16 clients, empty directory): "
                + "%.2f s in total, %d succeeded, %d failed.", firstLoad.elapsedSeconds(), firstLoad.succeeded(),
                firstLoad.failed()));
        double bare = barePost.load().throughputPerSecond();
        context.note(String.format(Locale.ROOT, "Registrations/s filling the directory to %d endpoints: %.0f; "
                + "re-registering them: %.0f; the no-op POST with the same messages: %.0f. Ratio directory / no-op: "
                + "%.2f (fill) and %.2f (re-register); target >= 0.70.", nodes, register.load().throughputPerSecond(),
                reRegister.load().throughputPerSecond(), bare, register.load().throughputPerSecond() / bare,
                reRegister.load().throughputPerSecond() / bare));
        for (Measurement m : lookups) {
            context.note(String.format(Locale.ROOT, "%s: %.0f/s, p50 %.3f ms, p99 %.3f ms, failed %d.", m.step(),
                    m.load().throughputPerSecond(), m.load().latency().p50Micros() / 1e3,
                    m.load().latency().p99Micros() / 1e3, m.load().failed()));
        }
        StringBuilder fp = new StringBuilder("Threads and heap after a full GC, by registrations held:");
        footprint.forEach((held, v) -> fp.append(String.format(Locale.ROOT, " %s: %d threads, %.1f MiB;", held,
                v[0], v[1] / 1048576.0)));
        context.note(fp.toString());
        long[] before = footprint.get(EMPTY);
        long[] after = footprint.get(nodes + " settled");
        context.note(String.format(Locale.ROOT, "Per registration (10 links), from the empty directory to %d "
                + "registrations once the exchange store had emptied: %.0f bytes of heap; threads %+d.", nodes,
                (after[1] - before[1]) / (double) nodes, after[0] - before[0]));
        context.note("Checks after the fill: " + String.join("; ", sanity) + ".");
        context.note("Client and server share the machine's CPUs: closed-loop throughput is what the whole box "
                + "sustains; the ratio against the no-op resource, measured with the same clients right after, is "
                + "the meaningful figure.");
    }

    private static void churnNotes(ScenarioContext context, int nodes, List<Measurement[]> churn) {
        List<Double> ratios = new ArrayList<>();
        StringBuilder rounds = new StringBuilder();
        for (Measurement[] pair : churn) {
            double created = pair[0].load().throughputPerSecond();
            double bare = pair[1].load().throughputPerSecond();
            ratios.add(created / bare);
            rounds.append(String.format(Locale.ROOT, " %.0f/s against %.0f/s (%.2f; server CPU %.0f against %.0f "
                    + "µs/request);", created, bare, created / bare, pair[0].server().cpuMicrosPerRequest(),
                    pair[1].server().cpuMicrosPerRequest()));
        }
        List<Double> sorted = ratios.stream().sorted().toList();
        context.note(String.format(Locale.ROOT, "Steady state, %d new endpoints at a time into the full directory "
                + "(%d endpoints), each round followed by the no-op POST with as many messages:%s median ratio "
                + "%.2f (lowest %.2f); target >= 0.70.", CHURN, nodes, rounds, sorted.get(sorted.size() / 2),
                sorted.get(0)));
    }

    /** Warm-up rounds until the server's JIT compiler threads are nearly idle (or {@link #MAX_WARM_UP_ROUNDS}). */
    private static void warmUntilCompiled(ScenarioContext context, TargetProcess target, Probe probe,
            LoadProfile round, IntFunction<RequestIssuer> issuers) throws Exception {
        for (int i = 1; i <= MAX_WARM_UP_ROUNDS; i++) {
            ServerSample before = target.sample();
            context.warmUp(round, issuers);
            int removed = probe.removeSector(RdWorkload.WARM_UP_SECTOR);
            ServerSample after = target.sample();
            double cpu = (after.cpuNanos() - before.cpuNanos()) / 1e9;
            double jit = (after.jitCpuNanos() - before.jitCpuNanos()) / 1e9;
            System.out.printf(Locale.ROOT, "  warm-up round %d: %.1f s server CPU, %.2f s of it JIT; %d warm-up "
                    + "endpoints removed%n", i, cpu, jit, removed);
            if (before.jitCpuNanos() < 0 || jit < JIT_QUIET_SHARE * cpu) {
                return;
            }
        }
    }

    private static IntFunction<RequestIssuer> issuers(TargetProcess target, Supplier<Request> requests) {
        return clients -> CoapRequestIssuer.open(HOST, target.port(), clients, requests);
    }

    /** One client for the between-steps readings. */
    private static final class Probe implements AutoCloseable {
        private final int port;
        private final CoapEndpoint endpoint;

        Probe(int port) {
            this.port = port;
            endpoint = newEndpoint();
        }

        private static CoapEndpoint newEndpoint() {
            Configuration config = Configuration.createStandardWithoutFile();
            config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
            return CoapEndpoint.builder().setConfiguration(config).build();
        }

        private CoapResponse get(String pathAndQuery) throws Exception {
            return get(endpoint, pathAndQuery);
        }

        private CoapResponse get(CoapEndpoint from, String pathAndQuery) throws Exception {
            CoapClient client = new CoapClient("coap://" + HOST + ":" + port + "/" + pathAndQuery)
                    .setEndpoint(from).setTimeout(30_000L);
            try {
                CoapResponse response = client.get();
                if (response == null || !response.isSuccess()) {
                    throw new IllegalStateException(pathAndQuery + ": "
                            + (response == null ? "no answer" : response.getCode() + " " + response.getResponseText()));
                }
                return response;
            } finally {
                client.shutdown();
            }
        }

        /**
         * Removes every registration of {@code sector} through the RD's own DELETE; returns how many. From an
         * endpoint of its own: one endpoint's 65,536 message IDs stay taken for the exchange lifetime (247 s), and
         * the warm-up rounds and the steady-state rounds delete more registrations than that within it.
         */
        int removeSector(String sector) throws Exception {
            CoapEndpoint remover = newEndpoint();
            try {
                LinkFormatParser parser = LinkFormatParser.withDefaults();
                int removed = 0;
                while (true) {
                    List<Link> page = parser.parse(get(remover, "rd-lookup/ep?d=" + sector + "&count=200")
                            .getResponseText());
                    if (page.isEmpty()) {
                        return removed;
                    }
                    for (Link registration : page) {
                        delete(remover, registration.target());
                        removed++;
                    }
                }
            } finally {
                remover.destroy();
            }
        }

        private void delete(CoapEndpoint from, String location) throws Exception {
            CoapClient client = new CoapClient("coap://" + HOST + ":" + port + location).setEndpoint(from)
                    .setTimeout(30_000L);
            try {
                CoapResponse response = client.delete();
                if (response == null || response.getCode() != CoAP.ResponseCode.DELETED) {
                    throw new IllegalStateException("DELETE " + location + ": "
                            + (response == null ? "no answer" : response.getCode()));
                }
            } finally {
                client.shutdown();
            }
        }

        /** {threads, heap bytes after GC}. */
        long[] footprint(TargetProcess target) throws Exception {
            String text = get(RdTarget.HEAP).getResponseText();
            long heap = Long.parseLong(text.substring(text.indexOf('=') + 1).trim());
            ServerSample sample = target.sample();
            System.out.printf(Locale.ROOT, "  footprint: %d threads, heap %.1f MiB after GC%n", sample.threads(),
                    heap / 1048576.0);
            return new long[] {sample.threads(), heap};
        }

        /** That the lookups find what they should, so fast answers are not empty ones. */
        List<String> sanity(int nodes) throws Exception {
            List<String> lines = new ArrayList<>();
            // the whole list would exceed lookup.payload.max.bytes: the last page of one tells the count
            lines.add("endpoint #" + nodes + " present: "
                    + (count(get("rd-lookup/ep?count=1&page=" + (nodes - 1)).getResponseText()) == 1)
                    + ", #" + (nodes + 1) + " absent: "
                    + (count(get("rd-lookup/ep?count=1&page=" + nodes).getResponseText()) == 0));
            lines.add("ep=" + RdWorkload.endpointName(42) + ": "
                    + count(get("rd-lookup/ep?ep=" + RdWorkload.endpointName(42)).getResponseText()) + " endpoint");
            lines.add("rt=" + RdWorkload.firmwareType(42) + ": "
                    + count(get("rd-lookup/res?rt=" + RdWorkload.firmwareType(42)).getResponseText()) + " links");
            lines.add("rt=temperature&d=area3&count=10&page=50: "
                    + count(get("rd-lookup/res?rt=temperature&d=area3&count=10&page=50").getResponseText())
                    + " links");
            return lines;
        }

        private static int count(String linkFormat) {
            if (linkFormat == null || linkFormat.isEmpty()) {
                return 0;
            }
            int links = 0;
            for (int i = 0; i < linkFormat.length(); i++) {
                if (linkFormat.charAt(i) == '<') {
                    links++;
                }
            }
            return links;
        }

        @Override
        public void close() {
            endpoint.destroy();
        }
    }
}
