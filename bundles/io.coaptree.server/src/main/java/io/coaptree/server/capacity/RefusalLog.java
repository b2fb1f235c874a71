package io.coaptree.server.capacity;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs capacity refusals at most once a minute: a flood is refused thousands of times a second, and a line for each
 * would fill the gateway's log. Each line says how many were refused since the last one and why the latest was.
 */
final class RefusalLog {

    private static final Logger LOG = LoggerFactory.getLogger(RefusalLog.class);
    static final long INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final LongSupplier nanoClock;
    private long unreported;
    private long lastLine;
    private boolean logged;

    RefusalLog(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** @return whether a line was written */
    synchronized boolean refused(CallerClass callerClass, String address, String diagnostic) {
        unreported++;
        long now = nanoClock.getAsLong();
        if (logged && now - lastLine < INTERVAL_NANOS) {
            return false;
        }
        LOG.warn("capacity: {} request(s) refused since the last report, latest from {} {}: {} (5.03 / HTTP 503 with "
                + "a time to retry; counted in /server-stats)", unreported, callerClass.label(),
                address == null ? "(relayed)" : address, diagnostic);
        unreported = 0;
        lastLine = now;
        logged = true;
        return true;
    }
}
