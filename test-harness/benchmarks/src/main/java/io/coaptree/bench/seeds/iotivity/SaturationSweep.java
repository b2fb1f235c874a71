package io.coaptree.bench.seeds.iotivity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.XYChart;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.UdpReceiveDrops;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * IoTivity's method against one target: for each device count, Poisson arrivals at a sweep of offered rates, each
 * step bounded by its duration and {@value #MAX_REQUESTS} requests (the paper's 25,000). Arrivals are spread over
 * the devices in turn; the superposition of the devices' Poisson processes is the Poisson process of the total rate,
 * so each device sends at total / devices on average.
 */
final class SaturationSweep {

    static final long MAX_REQUESTS = 25_000;

    /** One step: what was measured, and the datagrams the kernel dropped meanwhile. */
    record Point(int offered, Measurement measurement, long udpDrops, long serverDrops) {
        /**
         * Answers per second of the step's arrival window: the offered rate times the share of requests answered.
         * (The engine's own throughput divides by the time to the last completion, which a single timeout stretches
         * by the 5 s request timeout; a saturation curve should not depend on the timeout setting.)
         */
        double achieved() {
            long started = measurement.load().started();
            return started == 0 ? 0 : offered * (double) measurement.load().succeeded() / started;
        }
    }

    /** Achieved throughput for each device count and offered rate. */
    record Sweep(String target, Map<Integer, Map<Integer, Point>> byDevicesAndRate) {
        /** The best achieved throughput of a device count over its rates. */
        double peak(int devices) {
            return byDevicesAndRate.get(devices).values().stream().mapToDouble(Point::achieved).max().orElse(0);
        }

        double overallPeak() {
            return byDevicesAndRate.keySet().stream().mapToDouble(this::peak).max().orElse(0);
        }
    }

    private SaturationSweep() {
    }

    static Sweep run(ScenarioContext context, TargetProcess target, String host, int port, String path,
            List<Integer> devices, List<Integer> rates, Duration stepTime) throws Exception {
        Map<Integer, Map<Integer, Point>> results = new LinkedHashMap<>();
        for (int n : devices) {
            Map<Integer, Point> byRate = new LinkedHashMap<>();
            try (DeviceClients clients = new DeviceClients(n, DeviceClients.gets(host, port, path))) {
                for (int rate : rates) {
                    long budget = Math.min(MAX_REQUESTS, (long) Math.ceil(rate * stepTime.toMillis() / 1000.0));
                    LoadProfile profile = LoadProfile.openLoop(target.label() + "-" + n + "dev-" + rate + "/s",
                            Arrivals.POISSON, rate, n, stepTime, budget);
                    long dropsBefore = UdpReceiveDrops.now();
                    long serverBefore = UdpReceiveDrops.atPort(port);
                    Measurement m = context.measure(target, profile, clients.forStep(budget));
                    byRate.put(rate, new Point(rate, m, dropsBefore < 0 ? -1 : UdpReceiveDrops.now() - dropsBefore,
                            serverBefore < 0 ? -1 : UdpReceiveDrops.atPort(port) - serverBefore));
                }
            }
            results.put(n, byRate);
        }
        Sweep sweep = new Sweep(target.label(), results);
        report(context, sweep, rates);
        return sweep;
    }

    private static void report(ScenarioContext context, Sweep sweep, List<Integer> rates) {
        ResultTable.Builder table = new ResultTable.Builder("Offered against achieved, " + sweep.target()
                + " (Poisson arrivals)", "devices", "offered/s", "achieved/s", "achieved %", "p50 ms", "p99 ms",
                "failed", "UDP drops (machine)", "of which at the server's socket", "server CPU %");
        XYChart saturation = SeedCharts.lines("Offered against achieved: " + sweep.target(), "offered requests/s",
                "achieved requests/s", true, true);
        XYChart tail = SeedCharts.lines("p50 and p99 against offered load: " + sweep.target(), "offered requests/s",
                "ms", true, true);
        for (Map.Entry<Integer, Map<Integer, Point>> byDevices : sweep.byDevicesAndRate().entrySet()) {
            List<Double> achieved = new ArrayList<>();
            List<Double> p50 = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            for (Point point : byDevices.getValue().values()) {
                Measurement m = point.measurement();
                double done = point.achieved();
                table.row(byDevices.getKey(), point.offered(), fixed(done, 0), fixed(100 * done / point.offered(), 0),
                        ms(m.load().latency().p50Micros()), ms(m.load().latency().p99Micros()), m.load().failed(),
                        point.udpDrops(), point.serverDrops(), fixed(m.server().cpuPercent(), 0));
                achieved.add(Math.max(1, done));
                p50.add(Math.max(0.001, m.load().latency().p50Micros() / 1e3));
                p99.add(Math.max(0.001, m.load().latency().p99Micros() / 1e3));
            }
            saturation.addSeries(byDevices.getKey() + " devices", SeedCharts.doubles(rates), achieved);
            tail.addSeries(byDevices.getKey() + " dev p99", SeedCharts.doubles(rates), p99);
            if (byDevices.getKey().equals(sweep.byDevicesAndRate().keySet().iterator().next())) {
                tail.addSeries(byDevices.getKey() + " dev p50", SeedCharts.doubles(rates), p50);
            }
        }
        saturation.addSeries("offered = achieved", SeedCharts.doubles(rates), SeedCharts.doubles(rates));
        context.table(table.build());
        context.chart("iotivity-saturation-" + sweep.target() + ".png", saturation);
        context.chart("iotivity-latency-" + sweep.target() + ".png", tail);
    }
}
