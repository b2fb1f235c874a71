package io.coaptree.bench.seeds.records;

import java.util.SplittableRandom;
import java.util.function.IntSupplier;

import io.coaptree.bench.load.ArrivalSchedule;
import io.coaptree.bench.load.FixedRateSchedule;
import io.coaptree.bench.load.GaussianJitterSchedule;

/**
 * How each device of a fleet behaves: when it sends its next record and how large the record is. Every device has
 * its own schedule and sizes, seeded from the run's seed and its number, so a run repeats exactly.
 */
public interface DeviceBehaviour {

    ArrivalSchedule schedule(int device);

    IntSupplier sizes(int device);

    /** SegaNet's devices: a record of {@code bytes} every {@code intervalMillis}, perfectly regular. */
    static DeviceBehaviour fixed(double intervalMillis, int bytes) {
        return new DeviceBehaviour() {
            @Override
            public ArrivalSchedule schedule(int device) {
                return new FixedRateSchedule(1000.0 / intervalMillis);
            }

            @Override
            public IntSupplier sizes(int device) {
                return () -> bytes;
            }
        };
    }

    /**
     * IoT-FM's simulated clients: the gap to the next record and the record's size are each drawn from a normal
     * distribution (mean and standard deviation given), gaps clipped to [0, 2 x mean] so the mean rate holds,
     * sizes to at least the record header.
     */
    static DeviceBehaviour gaussian(double meanIntervalMillis, double sdIntervalMillis, double meanBytes,
            double sdBytes, long seed) {
        return new DeviceBehaviour() {
            @Override
            public ArrivalSchedule schedule(int device) {
                return new GaussianJitterSchedule(1000.0 / meanIntervalMillis,
                        Math.min(1.0, sdIntervalMillis / meanIntervalMillis), seed * 31 + device);
            }

            @Override
            public IntSupplier sizes(int device) {
                SplittableRandom random = new SplittableRandom(seed * 17 + device);
                return () -> (int) Math.max(RecordPayload.HEADER_BYTES,
                        Math.round(meanBytes + sdBytes * gaussian(random)));
            }
        };
    }

    /** A standard normal variate (Box-Muller; SplittableRandom has no nextGaussian). */
    private static double gaussian(SplittableRandom random) {
        double u = 1.0 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
