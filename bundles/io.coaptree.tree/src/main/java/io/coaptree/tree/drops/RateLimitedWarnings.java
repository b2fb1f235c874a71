package io.coaptree.tree.drops;

import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * At most one WARN line per refusal reason per interval, so that a flood of bad messages cannot flood the log.
 * The first refusal of a reason is written at once; later ones within the interval are only counted, and the next
 * line written for that reason says how many were left out. {@link #flush()} writes that count when the interval
 * has passed and no new refusal came to carry it, so the end of a burst is not lost.
 */
public final class RateLimitedWarnings {

    private final Clock clock;
    private final Consumer<String> warn;
    private final Map<DropReason, Window> windows = new EnumMap<>(DropReason.class);
    private long intervalMillis;

    /** @param warn where a line goes (the component passes its logger's {@code warn}) */
    public RateLimitedWarnings(Clock clock, long intervalMillis, Consumer<String> warn) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.warn = Objects.requireNonNull(warn, "warn");
        intervalMillis(intervalMillis);
    }

    public synchronized void intervalMillis(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("intervalMillis: " + value + " is negative");
        }
        intervalMillis = value;
    }

    /** Writes {@code line} now, or counts it as left out if a line for this reason was written within the interval. */
    public void warn(DropReason reason, String line) {
        String out;
        synchronized (this) {
            long now = clock.millis();
            Window w = windows.computeIfAbsent(reason, r -> new Window());
            if (w.written && now - w.lastWrittenAt < intervalMillis) {
                w.suppressed++;
                return;
            }
            out = w.suppressed == 0 ? line : line + " (" + w.suppressed + " more suppressed)";
            w.written = true;
            w.lastWrittenAt = now;
            w.suppressed = 0;
        }
        warn.accept(out);
    }

    /** Writes, for each reason whose interval has passed, how many refusals were left out since its last line. */
    public void flush() {
        List<String> lines = new ArrayList<>();
        synchronized (this) {
            long now = clock.millis();
            windows.forEach((reason, w) -> {
                if (w.suppressed > 0 && now - w.lastWrittenAt >= intervalMillis) {
                    lines.add("refused " + w.suppressed + " more messages as " + reason.label() + " (suppressed)");
                    w.lastWrittenAt = now;
                    w.suppressed = 0;
                }
            });
        }
        lines.forEach(warn);
    }

    private static final class Window {
        boolean written;
        long lastWrittenAt;
        long suppressed;
    }
}
