package io.coaptree.mqtt.transport;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class ReconnectBackoffTest {

    @Test
    void doublesUpToTheMaximumWithinHalfToFullOfEachStep() {
        ReconnectBackoff backoff = new ReconnectBackoff(100, 1000, new Random(1));
        long[] ceilings = { 100, 200, 400, 800, 1000, 1000, 1000 };
        for (long ceiling : ceilings) {
            long delay = backoff.nextDelayMillis();
            assertTrue(delay >= ceiling / 2 && delay <= ceiling, delay + " outside " + ceiling / 2 + ".." + ceiling);
        }
    }

    @Test
    void resetStartsOver() {
        ReconnectBackoff backoff = new ReconnectBackoff(100, 100_000, new Random(2));
        for (int i = 0; i < 10; i++) {
            backoff.nextDelayMillis();
        }
        backoff.reset();
        assertTrue(backoff.nextDelayMillis() <= 100);
    }

    @Test
    void manyAttemptsNeverOverflow() {
        ReconnectBackoff backoff = new ReconnectBackoff(1, 3_600_000, new Random(3));
        for (int i = 0; i < 200; i++) {
            long delay = backoff.nextDelayMillis();
            assertTrue(delay >= 0 && delay <= 3_600_000);
        }
    }

    @Test
    void refusesAMaximumBelowTheInitialDelay() {
        assertThrows(IllegalArgumentException.class, () -> new ReconnectBackoff(100, 50, new Random()));
        assertThrows(IllegalArgumentException.class, () -> new ReconnectBackoff(0, 50, new Random()));
    }
}
