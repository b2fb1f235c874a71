package io.coaptree.server.capacity;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** A flood of refusals writes one log line a minute, not one per refusal. */
class RefusalLogTest {

    private long now;

    @Test
    void atMostOneLineAMinute() {
        RefusalLog log = new RefusalLog(() -> now);
        assertTrue(log.refused(CallerClass.ANONYMOUS, "192.0.2.7", "full"), "the first refusal is reported");
        for (int i = 0; i < 10_000; i++) {
            now += TimeUnit.MILLISECONDS.toNanos(1);
            assertFalse(log.refused(CallerClass.ANONYMOUS, "192.0.2.7", "full"), "refusal " + i + " within the minute");
        }
        now += RefusalLog.INTERVAL_NANOS;
        assertTrue(log.refused(CallerClass.ANONYMOUS, null, "full"), "a minute later, one line with the count");
    }
}
