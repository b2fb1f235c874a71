package io.coaptree.bench.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.RequestIssuer;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.ServerUsage;
import io.coaptree.bench.server.ServerSample;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;
import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * The gateway hierarchy on the first evaluation's testbed ({@link TreeTestbed}: 10 gateways, 400 resources each), or
 * a larger tree of the same shape ({@code --set gateways=50}: a root, 7 domains, 6 groups each), the broker and all
 * gateways in one target JVM:
 * <ol>
 * <li>synchronisation: from the moment all gateways are live, register 20 service bundles x 20 links in each
 * gateway's Resource Directory (CoAP POST /rd) and poll a lookup at the root ({@code /tree-lookup/res}) until it
 * lists all resources, or the deadline passes; threads and heap per gateway;</li>
 * <li>latency of a read across the tree (GET gA1/tree/B/2/gB2/temperature: a group of another domain; over MQTT,
 * directly or hop by hop as the tree's routes allow) against the same read made locally (GET gB2/temperature),
 * open loop at 1, 100 and 1000 requests/s;</li>
 * <li>with {@code overload.rates} (e.g. {@code 2000,3000,4000}): remote reads at those rates, for the requests
 * per second served before refusals start, and what is served and how late beyond capacity.</li>
 * </ol>
 * Settings ({@code --set key=value}): {@code gateways} (10), {@code sync.seconds} (deadline of the
 * synchronisation, 30), {@code low.seconds}, {@code mid.seconds}, {@code high.seconds} (duration of the 1, 100 and
 * 1000 /s steps: 20, 10, 5), {@code overload.rates} (none), {@code overload.seconds} (5), {@code clients} (4),
 * {@code heartbeat.ms} (1000), {@code warmup.seconds} (4) and {@code warmup.requests} (2000: the warm-up, closed loop
 * with 2 clients, local then remote, stops at whichever comes first), {@code warmup.paced.seconds} (0: then remote
 * reads at 100/s for that long), {@code heap.mb} (target -Xmx, 1024, at least 60 per gateway), {@code start.seconds}
 * (300, and 20 more per gateway beyond 10), {@code security} (tree.security.mode, signature; {@code signature-without-links}: with
 * tree.security.link.macs off), {@code direct}
 * (remotequery.route.direct, true), {@code jvm.options} (further target JVM options, e.g. JFR),
 * {@code brokers} ({@code embedded} HiveMQ CE, {@code mosquitto}: one Mosquitto process, {@code bridged}: a Mosquitto
 * for the root and one per domain joined by the generated bridges, see {@link TreeBrokers}), {@code replicas} (1; with
 * 2 or more, group B/2 is served by that many gateways and a further step measures the capacity, closed loop with
 * {@code capacity.clients} (8) for {@code capacity.seconds} (10), of reads addressed to the group,
 * {@code tree/B/2/}{@code *}{@code /temperature}, against reads addressed to one of its gateways).
 */
public final class TreeScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(30);
    static final long POLL_PAUSE_MILLIS = 500;
    /** remotequery.request.timeout.ms as the role snapshots set it: admitted requests should take a tenth at most. */
    static final long REQUEST_TIMEOUT_MILLIS = 5_000;

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public String description() {
        return "Gateway hierarchy: an embedded HiveMQ CE broker and 10 emulated Kura 5.6 gateways (Equinox; root 'top', "
                + "domains A, B, C, two groups each; --set gateways=N for a larger tree of the same shape) in one "
                + "target JVM. (1) Time until a lookup at the root lists all 400 resources per gateway registered in "
                + "the gateways' Resource Directories (20 registrations x 20 links per gateway), threads and heap per "
                + "gateway; (2) open-loop (Poisson) latency of a read across the tree (GET /tree/B/2/gB2/temperature "
                + "at gA1, over MQTT) against the same resource read locally (GET /temperature at gB2); (3) with "
                + "--set overload.rates=..., the requests per second served before refusals start. Load generator in "
                + "this JVM, over loopback.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        int clients = options.setting("clients", 4);
        int count = options.setting("gateways", 10);
        TreeLayout layout = count == 10 ? TreeLayout.TESTBED : TreeLayout.fleet(count);
        List<TreeHierarchy.Gateway> gateways = layout.gateways();
        List<String> names = gateways.stream().map(TreeHierarchy.Gateway::name).toList();
        if (!names.contains(TreeTestbed.READ_FROM) || !names.contains(TreeTestbed.READ_OWNER)) {
            throw new IllegalArgumentException("--set gateways=" + count + ": the benchmark reads "
                    + TreeTestbed.READ_OWNER + "'s resource at " + TreeTestbed.READ_FROM + ", and a tree of " + count
                    + " gateways (" + String.join(", ", names) + ") lacks one of them");
        }
        String label = "tree-" + gateways.size() + "-gateways";
        String loadBefore = loadAverage();
        String security = options.setting("security", "signature");
        String brokers = options.setting("brokers", "embedded");
        int replicas = options.setting("replicas", 1);
        List<String> targetOptions = new ArrayList<>(List.of("--tree-security", security, "--brokers", brokers,
                "--replicas", Integer.toString(replicas)));
        if (!Boolean.parseBoolean(options.setting("direct", "true"))) {
            targetOptions.add("--hop-by-hop");
        }
        TreeLaunch launch = TreeLaunch.start(context, label, layout, targetOptions,
                Math.max(options.setting("heap.mb", 1024), 60 * gateways.size()), options.setting("heartbeat.ms", 1000),
                Duration.ofSeconds(options.setting("start.seconds", 300) + 20L * Math.max(0, gateways.size() - 10)));
        TargetProcess target = launch.target();
        Map<String, Integer> ports = launch.ports();
        long allLive = System.nanoTime();
        System.out.println("target " + label + ": " + gateways.size() + " gateways live, pid " + target.pid());

        try (Client client = new Client()) {
            Sync sync = synchronise(context, target, client, gateways, ports, allLive,
                    Duration.ofSeconds(options.setting("sync.seconds", 30)));
            List<String> diagnostics = diagnostics(client, gateways, ports);
            diagnostics.forEach(line -> System.out.println("  check: " + line));

            int reader = ports.get(TreeTestbed.READ_FROM);
            int owner = ports.get(TreeTestbed.READ_OWNER);
            CoapProbe.awaitSuccess(HOST, owner, TreeTestbed.LOCAL_PATH, Duration.ofSeconds(30));
            CoapProbe.awaitSuccess(HOST, reader, TreeTestbed.REMOTE_PATH, Duration.ofSeconds(60));
            IntFunction<RequestIssuer> local = n -> CoapRequestIssuer.open(HOST, owner, n,
                    CoapRequestIssuer.get(TreeTestbed.LOCAL_PATH));
            IntFunction<RequestIssuer> remote = n -> CoapRequestIssuer.open(HOST, reader, n,
                    CoapRequestIssuer.get(TreeTestbed.REMOTE_PATH));
            // Each gateway has its own copy of our bundles' classes, so the JIT compiles everything once per gateway;
            // a longer warm-up (--set warmup.seconds=30) measures the steady state of a long-running gateway.
            // The warm-up ends at warmup.seconds or warmup.requests, whichever comes first: raise both for that.
            Duration warmUp = options.scaled(Duration.ofSeconds(options.setting("warmup.seconds", 4)));
            long warmUpRequests = options.setting("warmup.requests", 2000);
            context.warmUp(LoadProfile.closedLoop("warm-up", 2, warmUp, warmUpRequests), local);
            context.warmUp(LoadProfile.closedLoop("warm-up", 2, warmUp, warmUpRequests), remote);
            // Closed loop, the gateways' paths run batched (above delivery.batch.on.rate); a paced warm-up at 100/s
            // also warms the unbatched path that the low-rate steps take (--set warmup.paced.seconds=10).
            int paced = options.setting("warmup.paced.seconds", 0);
            if (paced > 0) {
                Duration pacedTime = options.scaled(Duration.ofSeconds(paced));
                context.warmUp(LoadProfile.openLoop("warm-up-paced", Arrivals.POISSON, 100, clients, pacedTime,
                        100L * pacedTime.toSeconds()), remote);
            }

            List<Measurement[]> pairs = new ArrayList<>();
            int[][] steps = {{1, options.setting("low.seconds", 20)}, {100, options.setting("mid.seconds", 10)},
                {1000, options.setting("high.seconds", 5)}};
            for (int[] step : steps) {
                int rate = step[0];
                Duration time = options.scaled(Duration.ofSeconds(step[1]));
                long budget = Math.max(1, rate * time.toSeconds());
                int n = rate == 1 ? 1 : clients;
                LoadProfile profile = LoadProfile.openLoop("x", Arrivals.POISSON, rate, n, time, budget);
                Measurement l = context.measure(target, profile.withName("local-" + rate), local);
                Measurement r = context.measure(target, profile.withName("remote-" + rate), remote);
                pairs.add(new Measurement[] {l, r});
            }
            List<Measurement> beyond = new ArrayList<>();
            for (String rateText : options.setting("overload.rates", "").split(",")) {
                if (rateText.isBlank()) {
                    continue;
                }
                int rate = Integer.parseInt(rateText.trim());
                Duration time = options.scaled(Duration.ofSeconds(options.setting("overload.seconds", 5)));
                LoadProfile profile = LoadProfile.openLoop("remote-" + rate, Arrivals.POISSON, rate, clients, time,
                        rate * time.toSeconds());
                beyond.add(context.measure(target, profile, remote));
            }
            List<Measurement[]> compared = new ArrayList<>(pairs);
            if (replicas > 1) {
                compared.add(capacity(context, target, reader, options));
            }
            context.baseline(label);
            context.note("Brokers: " + brokers + "; gateways serving B/2: " + replicas + ".");
            notes(context, ports.size(), sync, diagnostics, compared, loadBefore, loadAverage());
            TreeFigures.report(context, gateways.size(), sync.syncedSeconds(), sync.usage(), pairs, beyond,
                    REQUEST_TIMEOUT_MILLIS);
        }
        context.stopTarget(target);
    }

    /**
     * Closed-loop reads from gA1 addressed to one gateway of the replicated group B/2 and to the group ({@code *}: any
     * live replica, spread by the requesting hops), as many clients and as long each.
     *
     * @return {single gateway, group}, in the order the notes compare them
     */
    private static Measurement[] capacity(ScenarioContext context, TargetProcess target, int reader,
            RunOptions options) throws Exception {
        String group = TreeTestbed.REMOTE_PATH.replace("/gB2/", "/*/");
        CoapProbe.awaitSuccess(HOST, reader, group, Duration.ofSeconds(60));
        int clients = options.setting("capacity.clients", 8);
        Duration time = options.scaled(Duration.ofSeconds(options.setting("capacity.seconds", 10)));
        LoadProfile profile = LoadProfile.closedLoop("x", clients, time, 50_000L);
        Measurement one = context.measure(target, profile.withName("capacity-one-gateway"), n -> CoapRequestIssuer
                .open(HOST, reader, n, CoapRequestIssuer.get(TreeTestbed.REMOTE_PATH)));
        Measurement spread = context.measure(target, profile.withName("capacity-replicated-group"), n ->
                CoapRequestIssuer.open(HOST, reader, n, CoapRequestIssuer.get(group)));
        context.note(String.format(Locale.ROOT, "Capacity, %d clients closed loop from gA1: the replicated group "
                + "(%s) %.0f reads/s, one of its gateways (%s) %.0f reads/s.", clients, group,
                spread.load().throughputPerSecond(), TreeTestbed.REMOTE_PATH, one.load().throughputPerSecond()));
        return new Measurement[] {one, spread};
    }

    /** What the synchronisation phase saw. */
    record Sync(double registeredSeconds, Map<String, Long> registrationCodes, double syncedSeconds, int bestCount,
            int lastTotalLinks, int polls, List<String> pollLog, ServerUsage usage, String lastFailure) {
    }

    private static Sync synchronise(ScenarioContext context, TargetProcess target, Client client,
            List<TreeHierarchy.Gateway> gateways, Map<String, Integer> ports, long allLive, Duration deadline)
            throws Exception {
        int expected = TreeTestbed.totalResources(gateways);
        ServerSample before = target.sample();
        Map<String, Long> codes = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(ports.size());
        try {
            List<Future<?>> done = new ArrayList<>();
            for (TreeHierarchy.Gateway g : gateways) {
                int port = ports.get(g.name());
                String sector = g.domain().isEmpty() ? g.name() : g.domain();
                done.add(pool.submit(() -> {
                    for (int b = 1; b <= TreeTestbed.BUNDLES; b++) {
                        String code = client.post(port, "rd?ep=" + TreeTestbed.endpointName(g.name(), b) + "&d="
                                + sector + "&lt=3600", TreeTestbed.links(g.name(), b));
                        codes.merge(code, 1L, Long::sum);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        double registered = seconds(allLive);
        System.out.printf(Locale.ROOT, "  sync: %d registrations answered %s after %.2f s%n",
                gateways.size() * TreeTestbed.BUNDLES, codes, registered);

        int root = ports.get(TreeHierarchy.ROOT_NAME);
        long end = System.nanoTime() + deadline.toNanos();
        double synced = -1;
        int best = 0;
        int total = 0;
        int polls = 0;
        String lastFailure = null;
        List<String> log = new ArrayList<>();
        while (System.nanoTime() < end) {
            long t = System.nanoTime();
            Client.Answer answer = client.get(root, "tree-lookup/res");
            polls++;
            int own = TreeTestbed.countOwnLinks(answer.text());
            total = TreeTestbed.countLinks(answer.text());
            best = Math.max(best, own);
            String line = String.format(Locale.ROOT, "t=%.2f s: %s in %.0f ms, %d bytes, %d links, %d of %d", seconds(
                    allLive), answer.code(), (System.nanoTime() - t) / 1e6, answer.bytes(), total, own, expected);
            if (!answer.code().startsWith("2.")) {
                lastFailure = answer.code() + " " + answer.text();
            }
            if (log.size() < 12) {
                log.add(line);
            }
            System.out.println("  lookup at the root " + line);
            if (own >= expected) {
                synced = seconds(allLive);
                break;
            }
            Thread.sleep(POLL_PAUSE_MILLIS);
        }
        ServerSample after = target.sample();
        return new Sync(registered, new LinkedHashMap<>(codes), synced, best, total, polls, log,
                ServerUsage.between(before, target.samples(), after, 0), lastFailure);
    }

    /** Where the links stop: each gateway's own directory, and lookups at the root over one group and one domain. */
    private static List<String> diagnostics(Client client, List<TreeHierarchy.Gateway> gateways,
            Map<String, Integer> ports) throws Exception {
        List<String> lines = new ArrayList<>();
        StringBuilder local = new StringBuilder("links in each gateway's own RD (GET /rd-lookup/res):");
        for (TreeHierarchy.Gateway g : gateways) {
            Client.Answer a = client.get(ports.get(g.name()), "rd-lookup/res");
            local.append(' ').append(g.name()).append('=').append(a.code().startsWith("2.")
                    ? Integer.toString(TreeTestbed.countOwnLinks(a.text())) : a.code());
        }
        lines.add(local.toString());
        int root = ports.get(TreeHierarchy.ROOT_NAME);
        for (String scope : new String[] {"A/1", "A"}) {
            long t = System.nanoTime();
            Client.Answer a = client.get(root, "tree-lookup/res?scope=" + scope);
            lines.add(String.format(Locale.ROOT, "lookup at the root, scope=%s: %s in %.0f ms, %d bytes, %d of our "
                    + "links (expected %d)", scope, a.code(), (System.nanoTime() - t) / 1e6, a.bytes(),
                    TreeTestbed.countOwnLinks(a.text()), TreeTestbed.RESOURCES_PER_GATEWAY * (scope.contains("/")
                            ? 1 : 1 + (int) gateways.stream().filter(g -> g.domain().equals("A")
                                    && !g.group().isEmpty()).count())));
        }
        return lines;
    }

    private static void notes(ScenarioContext context, int gateways, Sync sync, List<String> diagnostics,
            List<Measurement[]> pairs, String loadBefore, String loadAfter) {
        int expected = gateways * TreeTestbed.RESOURCES_PER_GATEWAY;
        context.note(String.format(Locale.ROOT, "Synchronisation (%d gateways x %d resources = %d): the %d "
                + "registrations (CoAP POST /rd, 20 links each, all gateways in parallel) answered %s %.2f s after all "
                + "gateways were live; %s. Best lookup at the root: %d of %d of our links (%d links in the last answer) "
                + "in %d polls.", gateways, TreeTestbed.RESOURCES_PER_GATEWAY, expected, gateways * TreeTestbed.BUNDLES,
                sync.registrationCodes(), sync.registeredSeconds(), sync.syncedSeconds() >= 0
                        ? String.format(Locale.ROOT, "a lookup at the root (/tree-lookup/res) listed all %d %.2f s after "
                                + "all gateways were live", expected, sync.syncedSeconds())
                        : "a lookup at the root never listed all of them within the deadline",
                sync.bestCount(), expected, sync.lastTotalLinks(), sync.polls()));
        ServerUsage u = sync.usage();
        context.note(String.format(Locale.ROOT, "Target during synchronisation: %.1f s CPU (%.0f%% of one core), up to "
                + "%d threads, heap up to %.0f MiB, RSS up to %.0f MiB.", u.cpuSeconds(), u.cpuPercent(),
                u.threadsMax(), u.heapUsedMaxBytes() / 1048576.0, u.rssMaxBytes() / 1048576.0));
        context.note("Root lookups: " + String.join("; ", sync.pollLog()) + (sync.lastFailure() == null ? ""
                : "; last failure: " + abbreviate(sync.lastFailure())) + ".");
        diagnostics.forEach(d -> context.note("Check: " + d + "."));
        for (Measurement[] p : pairs) {
            context.note(String.format(Locale.ROOT, "%s vs %s: p50 %.2f vs %.2f ms, p99 %.2f vs %.2f ms; failed %d %s "
                    + "vs %d %s.", p[1].step(), p[0].step(), p[1].load().latency().p50Micros() / 1e3,
                    p[0].load().latency().p50Micros() / 1e3, p[1].load().latency().p99Micros() / 1e3,
                    p[0].load().latency().p99Micros() / 1e3, p[1].load().failed(), p[1].load().failures(),
                    p[0].load().failed(), p[0].load().failures()));
        }
        context.note("Load average (1, 5, 15 min) before: " + loadBefore + "; after: " + loadAfter + ".");
    }

    private static String abbreviate(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200) + "...";
    }

    private static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }

    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** One Californium endpoint for registrations and lookups, with room for large blockwise bodies. */
    public static final class Client implements AutoCloseable {

        public record Answer(String code, String text, int bytes) {
        }

        private final CoapEndpoint endpoint;

        public Client() {
            CoapConfig.register();
            UdpConfig.register();
            Configuration config = Configuration.createStandardWithoutFile();
            config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 16 * 1024 * 1024);
            config.set(CoapConfig.BLOCKWISE_STATUS_LIFETIME, 60, TimeUnit.SECONDS);
            endpoint = CoapEndpoint.builder().setConfiguration(config).build();
        }

        public String post(int port, String pathAndQuery, String payload) {
            CoapClient c = new CoapClient("coap://" + HOST + ":" + port + "/" + pathAndQuery).setEndpoint(endpoint)
                    .setTimeout(LOOKUP_TIMEOUT.toMillis());
            try {
                CoapResponse r = c.post(payload, MediaTypeRegistry.APPLICATION_LINK_FORMAT);
                return r == null ? "timeout" : r.getCode().text;
            } catch (Exception e) {
                return e.getClass().getSimpleName();
            } finally {
                c.shutdown();
            }
        }

        public Answer get(int port, String pathAndQuery) {
            CoapClient c = new CoapClient("coap://" + HOST + ":" + port + "/" + pathAndQuery).setEndpoint(endpoint)
                    .setTimeout(LOOKUP_TIMEOUT.toMillis());
            try {
                CoapResponse r = c.get();
                if (r == null) {
                    return new Answer("timeout", "", 0);
                }
                byte[] body = r.getPayload() == null ? new byte[0] : r.getPayload();
                return new Answer(r.getCode().text, r.getResponseText(), body.length);
            } catch (Exception e) {
                return new Answer(e.getClass().getSimpleName(), "", 0);
            } finally {
                c.shutdown();
            }
        }

        @Override
        public void close() {
            endpoint.destroy();
        }
    }
}
