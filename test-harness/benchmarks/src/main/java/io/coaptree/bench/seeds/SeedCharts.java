package io.coaptree.bench.seeds;

import java.util.List;
import java.util.Locale;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The seed scenarios' own charts: small enough (700 x 400) to commit under docs/figures, and each one built the
 * same way, so a paper's figure and ours read alike.
 */
public final class SeedCharts {

    static final int WIDTH = 700;
    static final int HEIGHT = 400;

    private SeedCharts() {
    }

    /** Lines of y against x; log axes where the paper's figure has them. */
    public static XYChart lines(String title, String xTitle, String yTitle, boolean logX, boolean logY) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(logY)
                .setLegendPosition(Styler.LegendPosition.InsideNW);
        return chart;
    }

    /** Grouped (or stacked) bars over categories. */
    public static CategoryChart bars(String title, String xTitle, String yTitle, boolean stacked) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        // below the plot: inside it, the legend would hide the first bars
        chart.getStyler().setStacked(stacked).setLegendPosition(Styler.LegendPosition.OutsideS)
                .setLegendLayout(Styler.LegendLayout.Horizontal);
        return chart;
    }

    /** Doubles from ints, for XChart's series. */
    public static List<Double> doubles(List<Integer> values) {
        return values.stream().map(Integer::doubleValue).toList();
    }

    /** A number with {@code decimals} decimals, for tables. */
    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Milliseconds from microseconds, three decimals. */
    public static String ms(long micros) {
        return fixed(micros / 1e3, 3);
    }
}
