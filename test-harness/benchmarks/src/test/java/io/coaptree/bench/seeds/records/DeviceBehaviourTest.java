package io.coaptree.bench.seeds.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.IntSupplier;

import org.junit.jupiter.api.Test;

import io.coaptree.bench.load.ArrivalSchedule;

/** The seeded devices of the seed scenarios: a run repeats exactly, and the draws have the asked-for statistics. */
class DeviceBehaviourTest {

    private static final DeviceBehaviour GAUSSIAN = DeviceBehaviour.gaussian(500, 150, 400, 150, 2022);

    @Test
    void theSameSeedRepeatsEveryGapAndEverySizeExactly() {
        for (int device : new int[] {0, 7, 499}) {
            assertArrayEquals(gaps(GAUSSIAN.schedule(device), 1_000), gaps(GAUSSIAN.schedule(device), 1_000));
            assertArrayEquals(sizes(GAUSSIAN.sizes(device), 1_000), sizes(GAUSSIAN.sizes(device), 1_000));
        }
    }

    @Test
    void devicesAndSeedsDrawDifferentSequences() {
        assertFalse(Arrays.equals(gaps(GAUSSIAN.schedule(0), 100), gaps(GAUSSIAN.schedule(1), 100)));
        DeviceBehaviour other = DeviceBehaviour.gaussian(500, 150, 400, 150, 2023);
        assertFalse(Arrays.equals(sizes(GAUSSIAN.sizes(0), 100), sizes(other.sizes(0), 100)));
    }

    @Test
    void gapsAndSizesHaveTheConfiguredMeanAndSpread() {
        long[] gaps = gaps(GAUSSIAN.schedule(3), 20_000);
        assertEquals(500e6, mean(Arrays.stream(gaps).asDoubleStream().toArray()), 5e6);
        assertEquals(150e6, sd(Arrays.stream(gaps).asDoubleStream().toArray()), 10e6);
        int[] sizes = sizes(GAUSSIAN.sizes(3), 20_000);
        assertEquals(400, mean(Arrays.stream(sizes).asDoubleStream().toArray()), 5);
        assertEquals(150, sd(Arrays.stream(sizes).asDoubleStream().toArray()), 5);
        assertTrue(Arrays.stream(sizes).allMatch(s -> s >= RecordPayload.HEADER_BYTES));
    }

    @Test
    void fixedDevicesSendEveryIntervalAtTheirSize() {
        DeviceBehaviour fixed = DeviceBehaviour.fixed(100, 100);
        assertTrue(Arrays.stream(gaps(fixed.schedule(0), 50)).allMatch(g -> g == 100_000_000L));
        assertTrue(Arrays.stream(sizes(fixed.sizes(0), 50)).allMatch(s -> s == 100));
    }

    @Test
    void aRecordCarriesItsDueTimeStepDeviceAndSequence() {
        RecordPayload record = new RecordPayload(123_456_789L, 3, 42, 7);
        byte[] bytes = record.encode(100);
        assertEquals(100, bytes.length);
        assertEquals(record, RecordPayload.decode(bytes));
        assertEquals(RecordPayload.HEADER_BYTES, record.encode(1).length);
        assertEquals(null, RecordPayload.decode(new byte[0]));
    }

    private static long[] gaps(ArrivalSchedule schedule, int n) {
        long[] gaps = new long[n];
        for (int i = 0; i < n; i++) {
            gaps[i] = schedule.nextGapNanos();
        }
        return gaps;
    }

    private static int[] sizes(IntSupplier sizes, int n) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = sizes.getAsInt();
        }
        return values;
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double sd(double[] values) {
        double mean = mean(values);
        return Math.sqrt(Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum() / (values.length - 1));
    }
}
