package io.coaptree.bench.seeds.iotivity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.CategoryChart;

import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;
import io.coaptree.bench.tree.TreeLaunch;
import io.coaptree.bench.tree.TreeLayout;

import static io.coaptree.bench.seeds.SeedCharts.fixed;

/**
 * IoTivity Cloud's stress test, scaled to this machine: 1, 10, 100, 500 and 1000 devices (each a CoAP
 * client with its own UDP port) send Poisson arrivals (gaps {@code -ln(p)/λ}) at a sweep of offered rates, up to
 * 25,000 requests per step, against one gateway (the example sensor on an emulated Kura node) and across the tree
 * (a read from gA1 of gB1's sensor, four MQTT hops each way). Throughput per device count, offered against
 * achieved with p50/p99, where throughput peaks and whether it collapses beyond the peak.
 * <p>
 * Settings: {@code step.ms} (each step's duration: 3000; quick 1000).
 */
public final class SeedIotivityScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final String PATH = "temperature";
    static final List<Integer> DEVICES = List.of(1, 10, 100, 500, 1000);
    static final List<Integer> QUICK_DEVICES = List.of(1, 100, 1000);
    static final List<Integer> GATEWAY_RATES = List.of(2000, 4000, 8000, 16000, 32000);
    static final List<Integer> QUICK_GATEWAY_RATES = List.of(2000, 8000, 32000);
    static final List<Integer> TREE_RATES = List.of(100, 200, 400, 800, 1600);
    static final List<Integer> QUICK_TREE_RATES = List.of(100, 400, 1600);
    /** The goal: throughput at 1000 devices at least this share of the peak. */
    static final double NO_COLLAPSE = 0.9;
    /** IoTivity's CI throughput (msg/s) at 1, 10, 100, 500, 1000 devices (Figure 4). */
    static final List<Double> PAPER = List.of(252269.2, 465519.2, 562967.7, 595406.2, 583455.1);

    @Override
    public String name() {
        return "seed-iotivity";
    }

    @Override
    public String description() {
        return "IoTivity Cloud's stress test: 1 to 1000 devices, each a CoAP client with its own UDP port, "
                + "Poisson arrivals at a sweep of offered rates (at most 25,000 requests a step) against one gateway "
                + "(GET /temperature on an emulated Kura node, -Xmx1g) and across a 5-gateway tree (GET "
                + "/tree/B/1/gB1/temperature at gA1: gA1 -> dA -> top -> dB -> gB1 and back over MQTT).";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        boolean quick = options.quick();
        Duration step = Duration.ofMillis(options.setting("step.ms", quick ? 1_000 : 3_000));
        List<Integer> devices = quick ? QUICK_DEVICES : DEVICES;

        List<String> jvm = new ArrayList<>(List.of("-Xmx1g", "-XX:-UseDynamicNumberOfCompilerThreads"));
        // --set gateway.udp.receive.buffer=N: the gateway's limits.udp.receive.buffer.bytes (0: the OS default)
        int receiveBuffer = options.setting("gateway.udp.receive.buffer", -1);
        if (receiveBuffer >= 0) {
            jvm.add("-D" + TargetSpec.UDP_RECEIVE_BUFFER_PROPERTY + "=" + receiveBuffer);
        }
        TargetProcess gateway = context.startTarget(TargetSpec.kuraNode("gateway", List.of(
                context.deploymentPackage("coaptree"), context.deploymentPackage("coaptree-examples")))
                .withJvmOptions(jvm));
        CoapProbe.awaitSuccess(HOST, gateway.port(), PATH, Duration.ofSeconds(60));
        context.warmUp(LoadProfile.closedLoop("warm-up-gateway", 16, Duration.ofSeconds(quick ? 3 : 8), 20_000),
                n -> CoapRequestIssuer.open(HOST, gateway.port(), n, CoapRequestIssuer.get(PATH)));
        SaturationSweep.Sweep one = SaturationSweep.run(context, gateway, HOST, gateway.port(), PATH, devices,
                quick ? QUICK_GATEWAY_RATES : GATEWAY_RATES, step);
        context.stopTarget(gateway);

        TreeLaunch tree = TreeLaunch.start(context, "tree", TreeLayout.CHAIN,
                List.of("--tree-security", context.options().setting("security", "signature")), 1024, 1000,
                Duration.ofSeconds(240));
        int reader = tree.ports().get("gA1");
        String remote = "tree/B/1/gB1/" + PATH;
        context.warmUp(LoadProfile.openLoop("warm-up-tree", Arrivals.POISSON, 200, 16, Duration.ofSeconds(quick ? 3 : 8),
                1_600), n -> CoapRequestIssuer.open(HOST, reader, n, CoapRequestIssuer.get(remote)));
        SaturationSweep.Sweep across = SaturationSweep.run(context, tree.target(), HOST, reader, remote, devices,
                quick ? QUICK_TREE_RATES : TREE_RATES, step);
        context.stopTarget(tree.target());

        perDeviceCount(context, devices, List.of(one, across));
        context.note("Scaled from the paper (a 3.3 GHz i5 Cloud Interface, a separate client machine, CoAP over TCP "
                + "POSTs of 109 B, λ = 15,000/s): here the clients, the gateway(s) and the broker share 2 cores, the "
                + "requests are CoAP GETs of the example sensor over UDP (its answer is a few bytes, like the "
                + "paper's one-character payloads), each step lasts " + step.toMillis() + " ms and offers a fixed "
                + "total rate; the paper's absolute throughputs are for its hardware, the shape against device "
                + "count is what compares.");
    }

    private static void perDeviceCount(ScenarioContext context, List<Integer> devices,
            List<SaturationSweep.Sweep> sweeps) {
        ResultTable.Builder table = new ResultTable.Builder("Peak throughput per device count (best offered rate)",
                "devices", "paper msg/s", "paper % of peak", "gateway req/s", "gateway % of peak", "tree req/s",
                "tree % of peak");
        CategoryChart chart = SeedCharts.bars("Throughput by device count, % of each system's peak", "devices",
                "% of peak", false);
        List<String> labels = devices.stream().map(String::valueOf).toList();
        List<Double> paper = new ArrayList<>();
        double paperPeak = PAPER.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        for (int n : devices) {
            paper.add(100 * PAPER.get(DEVICES.indexOf(n)) / paperPeak);
        }
        chart.addSeries("IoTivity CI (paper)", labels, paper);
        for (SaturationSweep.Sweep sweep : sweeps) {
            chart.addSeries("CoAPTree " + sweep.target(), labels,
                    devices.stream().map(n -> 100 * sweep.peak(n) / sweep.overallPeak()).toList());
        }
        for (int i = 0; i < devices.size(); i++) {
            int n = devices.get(i);
            table.row(n, fixed(PAPER.get(DEVICES.indexOf(n)), 0), fixed(paper.get(i), 0),
                    fixed(sweeps.get(0).peak(n), 0), fixed(100 * sweeps.get(0).peak(n) / sweeps.get(0).overallPeak(), 0),
                    fixed(sweeps.get(1).peak(n), 0), fixed(100 * sweeps.get(1).peak(n) / sweeps.get(1).overallPeak(), 0));
        }
        context.table(table.build());
        context.chart("iotivity-throughput-by-devices.png", chart);
        int most = devices.get(devices.size() - 1);
        for (SaturationSweep.Sweep sweep : sweeps) {
            double share = sweep.peak(most) / sweep.overallPeak();
            context.headline(Headline.against("IoTivity: " + sweep.target() + " throughput at " + most
                    + " devices / peak", String.format(Locale.ROOT, "%.0f%% (%.0f of %.0f req/s)", 100 * share,
                    sweep.peak(most), sweep.overallPeak()), ">= " + (int) (NO_COLLAPSE * 100) + "%",
                    share >= NO_COLLAPSE));
        }
    }
}
