package io.coaptree.rd.store;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock for lifetimes that does not jump when the gateway's wall clock is set (NTP at boot, a Raspberry Pi
 * without a real-time clock). Its epoch is arbitrary: only differences mean anything, which is all the store's
 * expiry and {@link RegistrationFile}'s remaining lifetimes use.
 */
public final class MonotonicClock extends Clock {

    private final long originNanos = System.nanoTime();

    @Override
    public long millis() {
        return (System.nanoTime() - originNanos) / 1_000_000L;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
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
