package io.coaptree.bench.seeds.iotfm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.DeviceBehaviour;
import io.coaptree.bench.seeds.records.RecordPipeline;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * IoT-FM's Figures 10 and 11: one-way latency (mean with one standard deviation, and p99) against the number of
 * simulated clients, the client counts run in increasing and then in decreasing order, so that warm-up effects
 * (the paper's Lambda cold starts and auto-scaling; here the JIT and the relays) show as a difference between them.
 */
final class ClientOrder {

    /** Latency statistics of one step. */
    record Point(int clients, double meanMs, double sdMs, double p99Ms, double deliveredPercent) {
    }

    private ClientOrder() {
    }

    static Map<String, List<Point>> run(ScenarioContext context, RecordPipeline pipeline, List<Integer> clients,
            DeviceBehaviour behaviour, double ratePerClient, Duration stepTime, long seed) throws Exception {
        Map<String, List<Point>> orders = new LinkedHashMap<>();
        List<Integer> decreasing = new ArrayList<>(clients);
        Collections.reverse(decreasing);
        ResultTable.Builder table = new ResultTable.Builder("One-way latency by client count and order", "order",
                "clients", "records sent", "delivered %", "mean ms", "sd ms", "p50 ms", "p99 ms");
        Map<String, List<Integer>> runOrders = new LinkedHashMap<>();
        runOrders.put("increasing", clients);
        runOrders.put("decreasing", decreasing);
        for (Map.Entry<String, List<Integer>> order : runOrders.entrySet()) {
            List<Point> points = new ArrayList<>();
            for (int n : order.getValue()) {
                RecordPipeline.StepRecords step = pipeline.step(order.getKey() + "-" + n, n, behaviour,
                        Arrivals.GAUSSIAN, ratePerClient, stepTime, seed);
                Histogram h = step.delivered().latencyMicros();
                double delivered = 100.0 * step.delivered().records() / Math.max(1, step.sent().records());
                Point p = new Point(n, h.getMean() / 1e3, h.getStdDeviation() / 1e3,
                        h.getValueAtPercentile(99) / 1e3, delivered);
                points.add(p);
                table.row(order.getKey(), n, step.sent().records(), fixed(delivered, 1), fixed(p.meanMs(), 2),
                        fixed(p.sdMs(), 2), ms(h.getValueAtPercentile(50)), fixed(p.p99Ms(), 2));
            }
            points.sort(Comparator.comparingInt(Point::clients));
            orders.put(order.getKey(), points);
        }
        context.table(table.build());
        XYChart chart = SeedCharts.lines("One-way latency against clients (mean +/- 1 sd; p99)", "clients", "ms",
                true, false);
        for (Map.Entry<String, List<Point>> order : orders.entrySet()) {
            List<Double> x = order.getValue().stream().map(p -> (double) p.clients()).toList();
            chart.addSeries(order.getKey() + " order, mean", x,
                    order.getValue().stream().map(Point::meanMs).toList(),
                    order.getValue().stream().map(Point::sdMs).toList());
            chart.addSeries(order.getKey() + " order, p99", x, order.getValue().stream().map(Point::p99Ms).toList());
        }
        context.chart("iotfm-latency-by-clients.png", chart);
        return orders;
    }
}
