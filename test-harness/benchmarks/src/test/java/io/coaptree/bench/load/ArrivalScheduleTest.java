package io.coaptree.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    private static final int SAMPLES = 200_000;

    @Test
    void poissonGapsAverageOneOverTheRateAndVaryLikeAnExponential() {
        ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.POISSON, 1000, 7);
        double sum = 0;
        double sumSquares = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double gap = schedule.nextGapNanos();
            assertTrue(gap >= 0);
            sum += gap;
            sumSquares += gap * gap;
        }
        double mean = sum / SAMPLES;
        double stdDev = Math.sqrt(sumSquares / SAMPLES - mean * mean);
        assertEquals(1_000_000, mean, 10_000, "mean gap at 1000/s is 1 ms");
        assertEquals(1.0, stdDev / mean, 0.02, "an exponential's standard deviation equals its mean");
    }

    @Test
    void theSameSeedGivesTheSameSchedule() {
        ArrivalSchedule a = ArrivalSchedule.of(Arrivals.POISSON, 500, 42);
        ArrivalSchedule b = ArrivalSchedule.of(Arrivals.POISSON, 500, 42);
        for (int i = 0; i < 1000; i++) {
            assertEquals(a.nextGapNanos(), b.nextGapNanos());
        }
    }

    @Test
    void fixedRateKeepsTheExactRateWhenTheGapIsNotAWholeNanosecond() {
        ArrivalSchedule schedule = ArrivalSchedule.of(Arrivals.FIXED, 3, 0);
        long total = 0;
        for (int i = 0; i < 3_000; i++) {
            total += schedule.nextGapNanos();
        }
        assertEquals(1_000_000_000_000L, total, 1, "3000 arrivals at 3/s take 1000 s");
    }

    @Test
    void gaussianJitterKeepsTheMeanAndNeverGoesNegative() {
        ArrivalSchedule schedule = new GaussianJitterSchedule(2000, 0.5, 3);
        double sum = 0;
        for (int i = 0; i < SAMPLES; i++) {
            long gap = schedule.nextGapNanos();
            assertTrue(gap >= 0 && gap <= 1_000_000, "gap within [0, 2/rate]");
            sum += gap;
        }
        assertEquals(500_000, sum / SAMPLES, 5_000);
    }

    @Test
    void aNonPositiveRateIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ArrivalSchedule.of(Arrivals.POISSON, 0, 1));
        assertTrue(e.getMessage().contains("ratePerSecond"), e.getMessage());
    }
}
