package io.coaptree.tree.refusal;

import java.time.Clock;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place a gateway reports a message from MQTT that it refused: it counts the refusal by
 * {@link RefusalReason} and writes a WARN line at a bounded rate ({@link RateLimitedWarnings}). Receivers call
 * {@link #refuse} and drop the message; nothing refused is acted on. Thread-safe: messages arrive on the transport's
 * delivery thread while the counts are read from others.
 * <p>
 * A line names the topic, the sender the message claims (when one could be read) and the size, never the payload:
 * a payload may carry a caller's identity or data, and an attacker chooses its bytes.
 */
public final class Refusals {

    /** Longest topic or detail written to the log: a topic or an error message can be made as long as the broker allows. */
    static final int MAX_TEXT_CHARS = 160;

    private static final Logger LOG = LoggerFactory.getLogger(Refusals.class);

    private final Map<RefusalReason, AtomicLong> counts = new EnumMap<>(RefusalReason.class);
    private final RateLimitedWarnings warnings;

    public Refusals(Clock clock, long warnIntervalMillis) {
        this(new RateLimitedWarnings(clock, warnIntervalMillis, LOG::warn));
    }

    /** @param warn where the WARN lines go (tests collect them) */
    public Refusals(Clock clock, long warnIntervalMillis, Consumer<String> warn) {
        this(new RateLimitedWarnings(clock, warnIntervalMillis, warn));
    }

    private Refusals(RateLimitedWarnings warnings) {
        this.warnings = warnings;
        for (RefusalReason reason : RefusalReason.values()) {
            counts.put(reason, new AtomicLong());
        }
    }

    /**
     * Counts a refused message and writes its WARN line unless the rate limit holds it back.
     *
     * @param claimedSender the sender the message names (topic or content), or null if none could be read
     * @param detail why, in a few words (an exception's message; shortened, never the payload)
     */
    public void refuse(RefusalReason reason, String topic, String claimedSender, int payloadBytes, String detail) {
        Objects.requireNonNull(reason, "reason");
        counts.get(reason).incrementAndGet();
        warnings.warn(reason, "refused a message on " + printable(topic) + " from "
                + (claimedSender == null ? "an unknown sender" : printable(claimedSender)) + " (" + payloadBytes
                + " bytes): " + reason.label() + (detail == null ? "" : ": " + printable(detail)));
    }

    /** How many messages were refused for {@code reason} since this gateway started. */
    public long count(RefusalReason reason) {
        return counts.get(reason).get();
    }

    public long total() {
        return counts.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Every reason's label with its count, zero included, in the order of {@link RefusalReason}. */
    public Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        counts.forEach((reason, count) -> out.put(reason.label(), count.get()));
        return out;
    }

    /** Changes the rate limit of the WARN lines ({@code tree.refusal.warn.interval.ms}); the counts stay. */
    public void warnIntervalMillis(long value) {
        warnings.intervalMillis(value);
    }

    /** Writes the left-out counts whose interval has passed; call it from a periodic task (the tree's tick). */
    public void flushWarnings() {
        warnings.flush();
    }

    /** Control characters replaced and the length bounded, so one log line stays one readable line. */
    static String printable(String text) {
        String cut = text.length() > MAX_TEXT_CHARS ? text.substring(0, MAX_TEXT_CHARS) + "..." : text;
        StringBuilder out = new StringBuilder(cut.length());
        cut.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return out.toString();
    }
}
