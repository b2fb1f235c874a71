package io.coaptree.tree.drops;

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
 * The one place a gateway reports a message from MQTT that it dropped because it cannot use it (a "refused"
 * message in the logs, the tree service's {@code tree.refused.*} properties and {@code /tree-stats}): it counts the
 * message by {@link DropReason} and writes a WARN line at a bounded rate ({@link RateLimitedWarnings}). Receivers
 * call {@link #drop} and act on nothing of the message. Thread-safe: messages arrive on the transport's
 * delivery thread while the counts are read from others.
 * <p>
 * A line names the topic, the sender the message claims (when one could be read) and the size, never the payload:
 * a payload may carry a caller's identity or data, and an attacker chooses its bytes.
 */
public final class DroppedMessages {

    /** Longest topic or detail written to the log: a topic or an error message can be made as long as the broker allows. */
    static final int MAX_TEXT_CHARS = 160;

    private static final Logger LOG = LoggerFactory.getLogger(DroppedMessages.class);

    private final Map<DropReason, AtomicLong> counts = new EnumMap<>(DropReason.class);
    private final RateLimitedWarnings warnings;

    public DroppedMessages(Clock clock, long warnIntervalMillis) {
        this(new RateLimitedWarnings(clock, warnIntervalMillis, LOG::warn));
    }

    /** @param warn where the WARN lines go (tests collect them) */
    public DroppedMessages(Clock clock, long warnIntervalMillis, Consumer<String> warn) {
        this(new RateLimitedWarnings(clock, warnIntervalMillis, warn));
    }

    private DroppedMessages(RateLimitedWarnings warnings) {
        this.warnings = warnings;
        for (DropReason reason : DropReason.values()) {
            counts.put(reason, new AtomicLong());
        }
    }

    /**
     * Counts a dropped message and writes its WARN line unless the rate limit holds it back.
     *
     * @param claimedSender the sender the message names (topic or content), or null if none could be read
     * @param detail why, in a few words (an exception's message; shortened, never the payload)
     */
    public void drop(DropReason reason, String topic, String claimedSender, int payloadBytes, String detail) {
        Objects.requireNonNull(reason, "reason");
        counts.get(reason).incrementAndGet();
        warnings.warn(reason, "refused a message on " + printable(topic) + " from "
                + (claimedSender == null ? "an unknown sender" : printable(claimedSender)) + " (" + payloadBytes
                + " bytes): " + reason.label() + (detail == null ? "" : ": " + printable(detail)));
    }

    /** How many messages were refused for {@code reason} since this gateway started. */
    public long count(DropReason reason) {
        return counts.get(reason).get();
    }

    public long total() {
        return counts.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Every reason's label with its count, zero included, in the order of {@link DropReason}. */
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
