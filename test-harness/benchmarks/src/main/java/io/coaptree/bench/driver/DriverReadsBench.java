package io.coaptree.bench.driver;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.bench.scenario.MachineInfo;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.AssetClient;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;
import io.coaptree.harness.node.KuraNode;

/**
 * {@code driver-reads}: asset reads through the CoAPTree driver against plain CoAP GETs of the same resource, in the
 * same run, on a tree of emulated Kura nodes (root, domain A, groups A/1 and B/2) on the embedded broker. On gA1 a
 * driver instance and one-channel test assets (driven as Kura's asset provider does), one per reader and resource:
 * gA1's own temperature, and gB2's through {@code /tree/B/2/gB2/temperature}. The same number of readers then read
 * each resource, paced to the same rate, with a Californium client over UDP to gA1 ("plain") and through the asset
 * ("driver"), alternating over the rounds; reads per second and p50/p99 per pair, and the driver's p99 against the
 * plain GET's (goal: at most +10%).
 * <p>
 * Usage: {@code driver-reads [--set seconds=20] [--set warmup=5] [--set readers=4] [--set rate=200] [--set rounds=2]}
 */
public final class DriverReadsBench {

    private static final String REMOTE = "/tree/B/2/gB2/temperature";

    private DriverReadsBench() {
    }

    public static int run(Path codeHome, Path repoRoot, Map<String, String> settings) throws Exception {
        double seconds = Double.parseDouble(settings.getOrDefault("seconds", "20"));
        double warmup = Double.parseDouble(settings.getOrDefault("warmup", "5"));
        int readers = Integer.parseInt(settings.getOrDefault("readers", "4"));
        int rounds = Integer.parseInt(settings.getOrDefault("rounds", "2"));
        // the gateway's in-memory execution (CoAPServer.execute, what the driver calls) takes a message ID per
        // response for 145 s per synthetic peer: sustained above a few hundred a second it runs out (see
        // docs/performance.md), so both kinds of read are paced to the same rate below that
        double rate = Double.parseDouble(settings.getOrDefault("rate", "200"));
        MachineInfo machine = MachineInfo.detect();
        String started = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        Path out = repoRoot.resolve("benchmark-results")
                .resolve("driver-reads-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(out);
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());

        try (EmbeddedBroker broker = new EmbeddedBroker(0);
                TreeHierarchy tree = TreeHierarchy.start(new TreeHierarchy.Settings(repoRoot.resolve("kura-config"),
                        codeHome.resolve("dps/coaptree.dp"), codeHome.resolve("dps/coaptree-examples.dp"),
                        Files.createDirectories(out.resolve("nodes")), broker.url(), Map.of(), Map.of()),
                        List.of(new Gateway(TreeHierarchy.ROOT_NAME, 0, "", ""), new Gateway("dA", 1, "A", ""),
                                new Gateway("gA1", 2, "A", "1"), new Gateway("gB2", 2, "B", "2")),
                        Duration.ofSeconds(120))) {
            KuraNode gA1 = tree.node("gA1");
            AssetClient.install(gA1, codeHome.resolve("bundles/io.coaptree.harness.asset.jar"));
            gA1.updateConfiguration("bench-driver", Map.of("service.factoryPid", AssetClient.DRIVER_FACTORY_PID));
            // an asset per reader: Kura's asset runs one asset's reads one after the other (its I/O pool has one core
            // thread and an unbounded queue, so it never grows), which would measure the queue, not the driver
            List<AssetClient> local = new ArrayList<>();
            List<AssetClient> remote = new ArrayList<>();
            for (int i = 0; i < readers; i++) {
                local.add(asset(gA1, "asset-local-" + i, "/temperature"));
                remote.add(asset(gA1, "asset-remote-" + i, REMOTE));
            }
            String base = "coap://127.0.0.1:" + tree.coapPort("gA1");

            Map<String, List<PacedReaders.Result>> results = new LinkedHashMap<>();
            for (int round = 0; round < rounds; round++) {
                measure(results, "local, plain GET", plainReaders(base + "/temperature", readers), rate / readers, warmup,
                        seconds);
                measure(results, "local, driver (asset read)", assetReaders(local), rate / readers, warmup, seconds);
                measure(results, "tree, plain GET", plainReaders(base + REMOTE, readers), rate / readers, warmup, seconds);
                measure(results, "tree, driver (asset read)", assetReaders(remote), rate / readers, warmup, seconds);
            }
            String summary = summary(results, machine, started, readers, rate, seconds, warmup, rounds);
            Files.writeString(out.resolve("summary.md"), summary);
            System.out.println(summary);
            System.out.println("written to " + out.resolve("summary.md"));
        }
        return 0;
    }

    private static AssetClient asset(KuraNode node, String pid, String resource) throws Exception {
        Map<String, Object> asset = new HashMap<>();
        asset.put("service.factoryPid", AssetClient.ASSET_FACTORY_PID);
        asset.put("driver.pid", "bench-driver");
        asset.put("t#+name", "t");
        asset.put("t#+type", "READ");
        asset.put("t#+value.type", "DOUBLE");
        asset.put("t#coap.resource", resource);
        node.updateConfiguration(pid, asset);
        AssetClient client = new AssetClient(node, pid);
        client.awaitAttached(Duration.ofSeconds(30));
        return client;
    }

    private static void measure(Map<String, List<PacedReaders.Result>> results, String name,
            List<PacedReaders.Read> readers, double perReaderRate, double warmup, double seconds)
            throws InterruptedException {
        PacedReaders.Result result = PacedReaders.run(readers, perReaderRate, warmup, seconds);
        results.computeIfAbsent(name, n -> new ArrayList<>()).add(result);
        System.out.printf(Locale.ROOT, "%-28s %8.0f reads/s  p50 %6d us  p99 %6d us  failures %d %s%n", name,
                result.readsPerSecond(), result.histogram().getValueAtPercentile(50),
                result.histogram().getValueAtPercentile(99), result.failures(), result.firstFailure());
    }

    /** Californium clients, each on its own UDP endpoint, as separate CoAP clients would be. */
    private static List<PacedReaders.Read> plainReaders(String uri, int count) {
        List<PacedReaders.Read> readers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            CoapEndpoint endpoint = new CoapEndpoint.Builder()
                    .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build();
            CoapClient client = new CoapClient(uri);
            client.setEndpoint(endpoint);
            client.setTimeout(10_000L);
            readers.add(() -> {
                CoapResponse response = client.get();
                return response == null ? "no answer" : response.isSuccess() ? null
                        : response.getCode() + " " + response.getResponseText();
            });
        }
        return readers;
    }

    private static List<PacedReaders.Read> assetReaders(List<AssetClient> assets) {
        List<PacedReaders.Read> readers = new ArrayList<>();
        for (AssetClient asset : assets) {
            readers.add(() -> {
                Map<String, Object> record = asset.readAll().get(0);
                return "SUCCESS".equals(record.get("flag")) ? null : String.valueOf(record.get("message"));
            });
        }
        return readers;
    }

    private static String summary(Map<String, List<PacedReaders.Result>> results, MachineInfo machine, String started,
            int readers, double rate, double seconds, double warmup, int rounds) {
        StringBuilder md = new StringBuilder("# driver-reads\n\n");
        md.append("- started: ").append(started).append('\n');
        md.append("- machine: ").append(machine.describe()).append('\n');
        md.append(String.format(Locale.ROOT, "- %d readers paced to %.0f reads/s in all (latency from when a read "
                + "was due), %d rounds of %.0f s measured after %.0f s warm-up per row, rows alternating%n%n", readers,
                rate, rounds, seconds, warmup));
        md.append("| reads | reads/s | p50 (us) | p99 (us) | failures | first failure |\n|---|---|---|---|---|---|\n");
        Map<String, Histogram> pooled = new LinkedHashMap<>();
        results.forEach((name, list) -> {
            Histogram all = new Histogram(60_000_000L, 3);
            double achieved = 0;
            long failures = 0;
            String why = "";
            for (PacedReaders.Result r : list) {
                all.add(r.histogram());
                achieved += r.readsPerSecond() / list.size();
                failures += r.failures();
                why = why.isEmpty() ? r.firstFailure() : why;
            }
            pooled.put(name, all);
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %d | %d | %d | %s |%n", name, achieved,
                    all.getValueAtPercentile(50), all.getValueAtPercentile(99), failures, why));
        });
        md.append('\n');
        for (String where : List.of("local", "tree")) {
            long plain = pooled.get(where + ", plain GET").getValueAtPercentile(99);
            long driver = pooled.get(where + ", driver (asset read)").getValueAtPercentile(99);
            md.append(String.format(Locale.ROOT, "- %s: the driver's p99 is %+.1f%% of the plain GET's (goal: at most "
                    + "+10%%)%n", where, 100.0 * (driver - plain) / plain));
        }
        return md.toString();
    }
}
