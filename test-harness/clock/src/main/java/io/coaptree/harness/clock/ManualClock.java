package io.coaptree.harness.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock tests move by hand, so expiry, heartbeats and timeouts are tested without waiting. It starts at a fixed,
 * realistic instant; tests only ever look at differences.
 */
public final class ManualClock extends Clock {

    private final AtomicLong millis = new AtomicLong(1_700_000_000_000L);

    public void advance(Duration duration) {
        millis.addAndGet(duration.toMillis());
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
