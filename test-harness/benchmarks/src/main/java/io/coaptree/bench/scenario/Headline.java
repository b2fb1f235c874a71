package io.coaptree.bench.scenario;

/**
 * One figure a scenario stands or falls by, with the goal it is read against: what `run seeds` lists in its
 * closing table and summary.md puts first.
 *
 * @param figure what was measured, e.g. "p99 at 256 devices x 10 records/s"
 * @param value  the figure with its unit
 * @param goal   the goal, or "-" when the figure is reported without one
 * @param verdict "met", "missed" or "-" (no goal)
 */
public record Headline(String figure, String value, String goal, String verdict) {

    public static Headline against(String figure, String value, String goal, boolean met) {
        return new Headline(figure, value, goal, met ? "met" : "missed");
    }

    public static Headline reported(String figure, String value) {
        return new Headline(figure, value, "-", "-");
    }
}
