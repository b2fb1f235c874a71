package io.coaptree.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class EnvelopeCodecConcurrencyTest {

    private static final int THREADS = 8;
    private static final int ENVELOPES_PER_THREAD = 1500;

    @Test
    void oneCodecServesManyThreadsWithoutMixingThemUp() throws Exception {
        // A pool smaller than the thread count exercises creation and dropping of surplus instances too.
        EnvelopeCodec codec = new EnvelopeCodec(new CodecLimits(CodecLimits.defaults().maxPayloadBytes(),
                CodecLimits.DEFAULT_MAX_STRING_BYTES, CodecLimits.DEFAULT_MAX_ETAGS, 2));
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = t;
                Callable<Integer> work = () -> {
                    Random r = new Random(seed);
                    start.await();
                    int checked = 0;
                    for (int i = 0; i < ENVELOPES_PER_THREAD; i++) {
                        CoapEnvelope e = Envelopes.random(r);
                        byte[] encoded = codec.encode(e);
                        assertEquals(e, codec.decode(encoded));
                        if (i % 10 == 0) {
                            // Failures must leave pooled instances usable for the next caller.
                            try {
                                codec.decode(new byte[] { 1, (byte) 0x80 });
                            } catch (EnvelopeCodecException expected) {
                                checked++;
                            }
                        }
                        checked++;
                    }
                    return checked;
                };
                results.add(threads.submit(work));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertEquals(ENVELOPES_PER_THREAD + ENVELOPES_PER_THREAD / 10, result.get(60, TimeUnit.SECONDS));
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
