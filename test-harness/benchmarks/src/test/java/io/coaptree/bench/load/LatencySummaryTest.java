package io.coaptree.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    @Test
    void percentilesOfAUniformSpreadAreWhereTheyShouldBe() {
        Histogram histogram = new Histogram(LoadEngine.HIGHEST_TRACKABLE_MICROS, 3);
        for (long micros = 1; micros <= 10_000; micros++) {
            histogram.recordValue(micros);
        }
        LatencySummary summary = LatencySummary.of(histogram);
        assertEquals(10_000, summary.count());
        assertEquals(5_000, summary.p50Micros(), 5);
        assertEquals(9_000, summary.p90Micros(), 9);
        assertEquals(9_900, summary.p99Micros(), 10);
        assertEquals(9_990, summary.p999Micros(), 10);
        assertEquals(10_000, summary.maxMicros(), 10);
        assertEquals(5_000.5, summary.meanMicros(), 5);
    }

    @Test
    void anEmptyHistogramSummarisesToZeros() {
        assertEquals(LatencySummary.EMPTY, LatencySummary.of(new Histogram(3)));
    }

    @Test
    void thePercentileCurveRisesToTheMaximum() {
        Histogram histogram = new Histogram(LoadEngine.HIGHEST_TRACKABLE_MICROS, 3);
        for (long micros = 1; micros <= 1000; micros++) {
            histogram.recordValue(micros * 10);
        }
        List<LoadResult.PercentilePoint> curve = LoadEngine.percentileCurve(histogram);
        for (int i = 1; i < curve.size(); i++) {
            assertTrue(curve.get(i).micros() >= curve.get(i - 1).micros());
            assertTrue(curve.get(i).percentile() >= curve.get(i - 1).percentile());
        }
        assertEquals(100.0, curve.get(curve.size() - 1).percentile());
        assertEquals(10_000, curve.get(curve.size() - 1).micros(), 10);
    }

    @Test
    void aProfileRefusesABadValueNamingTheField() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LoadProfile.closedLoop("x", 0, Duration.ofSeconds(1), 10));
        assertTrue(e.getMessage().startsWith("clients"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LoadProfile.closedLoop("x", 1, Duration.ZERO, 10));
        assertTrue(e.getMessage().startsWith("duration"), e.getMessage());
    }
}
