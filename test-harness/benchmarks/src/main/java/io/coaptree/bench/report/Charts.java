package io.coaptree.bench.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import io.coaptree.bench.load.LoadResult;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunReport;
import io.coaptree.bench.server.ServerSample;

/** The PNG charts of a run. Each is skipped when the run has nothing to draw in it. */
final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

    private Charts() {
    }

    /** Writes the charts and returns their file names. */
    static List<String> write(RunReport report, Path dir) {
        List<String> written = new ArrayList<>();
        List<Measurement> measurements = report.measurements();
        if (!measurements.isEmpty()) {
            save(throughput(measurements), dir, "throughput.png", written);
            save(latency(measurements), dir, "latency.png", written);
            save(percentiles(measurements), dir, "latency-percentiles.png", written);
        }
        if (!report.serverSamples().isEmpty()) {
            save(serverSeries("Server CPU (1 s window)", "% of one core", report.serverSamples(), Charts::cpuPercent), dir,
                    "server-cpu.png", written);
            save(serverSeries("Server threads", "threads", report.serverSamples(),
                    samples -> samples.stream().mapToDouble(ServerSample::threads).toArray()), dir,
                    "server-threads.png", written);
            save(serverSeries("Server heap in use", "MiB", report.serverSamples(),
                    samples -> samples.stream().mapToDouble(s -> s.heapUsedBytes() / 1048576.0).toArray()), dir,
                    "server-heap.png", written);
        }
        return written;
    }

    private static void save(Chart<?, ?> chart, Path dir, String name, List<String> written) {
        ChartFiles.savePng(chart, dir, name);
        written.add(name);
    }

    private static CategoryChart throughput(List<Measurement> measurements) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title("Throughput")
                .xAxisTitle("step").yAxisTitle("successful requests/s").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        List<String> steps = steps(measurements);
        for (String target : targets(measurements)) {
            chart.addSeries(target, steps, values(measurements, target, steps, m -> m.load().throughputPerSecond()));
        }
        return chart;
    }

    private static CategoryChart latency(List<Measurement> measurements) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title("Latency p50 and p99")
                .xAxisTitle("step").yAxisTitle("ms").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        List<String> steps = steps(measurements);
        for (String target : targets(measurements)) {
            chart.addSeries(target + " p50", steps,
                    values(measurements, target, steps, m -> m.load().latency().p50Micros() / 1e3));
            chart.addSeries(target + " p99", steps,
                    values(measurements, target, steps, m -> m.load().latency().p99Micros() / 1e3));
        }
        return chart;
    }

    /** The tail on the usual HdrHistogram axis: x = 1 / (1 - percentile), so 90, 99, 99.9 are evenly spaced. */
    private static XYChart percentiles(List<Measurement> measurements) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title("Latency by percentile")
                .xAxisTitle("percentile (x = 1/(1-p): 10 = p90, 100 = p99, 1000 = p99.9)").yAxisTitle("ms").build();
        chart.getStyler().setXAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        boolean drawn = false;
        for (Measurement m : measurements) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (LoadResult.PercentilePoint point : m.load().percentiles()) {
                if (point.percentile() < 100.0) {
                    x.add(1.0 / (1.0 - point.percentile() / 100.0));
                    y.add(point.micros() / 1e3);
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(m.target() + " " + m.step(), x, y).setMarker(SeriesMarkers.NONE);
                drawn = true;
            }
        }
        if (!drawn) {
            chart.addSeries("no data", new double[] {1}, new double[] {0});
        }
        return chart;
    }

    private static XYChart serverSeries(String title, String unit, Map<String, List<ServerSample>> samples,
            java.util.function.Function<List<ServerSample>, double[]> values) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("seconds since the server process started").yAxisTitle(unit).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
                .setLegendPosition(Styler.LegendPosition.InsideNW);
        boolean drawn = false;
        for (Map.Entry<String, List<ServerSample>> entry : samples.entrySet()) {
            List<ServerSample> series = entry.getValue();
            if (series.size() >= 2) {
                double[] x = series.stream().mapToDouble(ServerSample::atSeconds).toArray();
                chart.addSeries(entry.getKey(), x, values.apply(series)).setMarker(SeriesMarkers.NONE);
                drawn = true;
            }
        }
        if (!drawn) {
            chart.addSeries("no data", new double[] {0}, new double[] {0});
        }
        return chart;
    }

    /** CPU over the last second at each sample (clock ticks are 10 ms, so shorter windows are mostly noise). */
    static double[] cpuPercent(List<ServerSample> samples) {
        double[] percent = new double[samples.size()];
        int from = 0;
        for (int i = 1; i < samples.size(); i++) {
            ServerSample b = samples.get(i);
            while (from < i - 1 && b.atSeconds() - samples.get(from + 1).atSeconds() >= 1.0) {
                from++;
            }
            ServerSample a = samples.get(from);
            double wall = b.atSeconds() - a.atSeconds();
            percent[i] = wall <= 0 ? 0 : 100 * (b.cpuNanos() - a.cpuNanos()) / 1e9 / wall;
        }
        if (percent.length > 1) {
            percent[0] = percent[1];
        }
        return percent;
    }

    private static List<String> steps(List<Measurement> measurements) {
        Set<String> steps = new LinkedHashSet<>();
        measurements.forEach(m -> steps.add(m.step()));
        return List.copyOf(steps);
    }

    private static List<String> targets(List<Measurement> measurements) {
        Set<String> targets = new LinkedHashSet<>();
        measurements.forEach(m -> targets.add(m.target()));
        return List.copyOf(targets);
    }

    private static List<Double> values(List<Measurement> measurements, String target, List<String> steps,
            ToDoubleFunction<Measurement> value) {
        List<Double> values = new ArrayList<>();
        for (String step : steps) {
            values.add(measurements.stream().filter(m -> m.target().equals(target) && m.step().equals(step))
                    .mapToDouble(value).findFirst().orElse(0));
        }
        return values;
    }
}
