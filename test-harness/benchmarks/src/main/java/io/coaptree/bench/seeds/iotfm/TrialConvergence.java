package io.coaptree.bench.seeds.iotfm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.DeviceBehaviour;
import io.coaptree.bench.seeds.records.RecordPipeline;
import io.coaptree.bench.seeds.records.RecordConsumer;

import static io.coaptree.bench.seeds.SeedCharts.fixed;

/**
 * IoT-FM's Figures 2-7: does the latency figure settle as the trial gets longer? One long trial per client count;
 * the statistics of a trial of length T are those of the records sent in its first T seconds (the paper ran a
 * separate trial per length; prefixes of one trial show the same settling without repeating the ramp-up).
 */
final class TrialConvergence {

    /** Statistics of the first {@code seconds} of a trial. */
    record Prefix(double seconds, long records, double meanMs, double sdMs, double p99Ms) {
    }

    private TrialConvergence() {
    }

    static List<Prefix> run(ScenarioContext context, RecordPipeline pipeline, int clients, DeviceBehaviour behaviour,
            double ratePerClient, Duration trial, long seed, XYChart chart, ResultTable.Builder table)
            throws Exception {
        RecordPipeline.StepRecords step = pipeline.step("trial-" + clients + "-clients-" + trial.toSeconds() + "s",
                clients, behaviour, Arrivals.GAUSSIAN, ratePerClient, trial, seed);
        List<Prefix> prefixes = prefixes(step.delivered(), trial);
        for (Prefix p : prefixes) {
            table.row(clients, fixed(p.seconds(), 1), p.records(), fixed(p.meanMs(), 2), fixed(p.sdMs(), 2),
                    fixed(p.p99Ms(), 2));
        }
        List<Double> x = prefixes.stream().map(Prefix::seconds).toList();
        chart.addSeries(clients + " clients, mean", x, prefixes.stream().map(Prefix::meanMs).toList(),
                prefixes.stream().map(Prefix::sdMs).toList());
        chart.addSeries(clients + " clients, p99", x, prefixes.stream().map(Prefix::p99Ms).toList());
        return prefixes;
    }

    /** Trial lengths doubling up to the whole trial: T/16, T/8, T/4, T/2, T. */
    static List<Prefix> prefixes(RecordConsumer.Delivered delivered, Duration trial) {
        List<Prefix> prefixes = new ArrayList<>();
        double whole = trial.toMillis() / 1000.0;
        for (double length = whole / 16; length <= whole + 1e-9; length *= 2) {
            Histogram h = new Histogram(120_000_000L, 3);
            for (int i = 0; i < delivered.sendOffsetsSeconds().size(); i++) {
                if (delivered.sendOffsetsSeconds().get(i) < length) {
                    h.recordValue(Math.min(delivered.latenciesMicros().get(i), 120_000_000L));
                }
            }
            prefixes.add(new Prefix(length, h.getTotalCount(), h.getMean() / 1e3, h.getStdDeviation() / 1e3,
                    h.getValueAtPercentile(99) / 1e3));
        }
        return prefixes;
    }
}
