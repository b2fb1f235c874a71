package io.coaptree.bench.seeds.iotfm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import io.coaptree.bench.seeds.records.RootConsumer;

/** A trial of length T is the records sent in its first T seconds. */
class TrialConvergenceTest {

    @Test
    void prefixesDoubleUpToTheWholeTrialAndCountOnlyTheirRecords() {
        List<Double> offsets = new ArrayList<>();
        List<Long> latencies = new ArrayList<>();
        // one record every 0.1 s for 16 s; the first half 1 ms, the second half 3 ms
        for (int i = 0; i < 160; i++) {
            offsets.add(i / 10.0);
            latencies.add(i < 80 ? 1_000L : 3_000L);
        }
        RootConsumer.Delivered delivered = new RootConsumer.Delivered(160, new Histogram(3), offsets, latencies);

        List<TrialConvergence.Prefix> prefixes = TrialConvergence.prefixes(delivered, Duration.ofSeconds(16));

        assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 16.0), prefixes.stream().map(TrialConvergence.Prefix::seconds)
                .toList());
        assertEquals(10, prefixes.get(0).records());
        assertEquals(1.0, prefixes.get(3).meanMs(), 0.01);
        assertEquals(160, prefixes.get(4).records());
        assertEquals(2.0, prefixes.get(4).meanMs(), 0.01);
    }
}
