package io.coaptree.tree.drops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;

class DroppedMessagesTest {

    private final ManualClock clock = new ManualClock();
    private final List<String> lines = new ArrayList<>();
    private final DroppedMessages refusals = new DroppedMessages(clock, 10_000, lines::add);

    @Test
    void countsEveryRefusalByReasonWithEveryReasonListed() {
        refusals.drop(DropReason.UNDECODABLE, "coaptree/A/-/dA/query", null, 12, "truncated");
        refusals.drop(DropReason.UNDECODABLE, "coaptree/A/-/dA/query", null, 12, "truncated");
        refusals.drop(DropReason.OVERSIZE, "coaptree/A/-/dA/rd", "A/g1/a1", 99_999, null);

        assertEquals(2, refusals.count(DropReason.UNDECODABLE));
        assertEquals(1, refusals.count(DropReason.OVERSIZE));
        assertEquals(3, refusals.total());
        assertEquals(Map.ofEntries(Map.entry("undecodable", 2L), Map.entry("oversize", 1L),
                Map.entry("unknown-kind", 0L), Map.entry("topic-mismatch", 0L), Map.entry("overloaded", 0L),
                Map.entry("invalid-sender", 0L), Map.entry("unsigned", 0L), Map.entry("untrusted", 0L),
                Map.entry("unknown-certificate", 0L), Map.entry("forged", 0L), Map.entry("stale", 0L),
                Map.entry("replayed", 0L),
                Map.entry("failed", 0L), Map.entry("unexpected-reply", 0L), Map.entry("tree-full", 0L),
                Map.entry("name-held", 0L)),
                refusals.counts());
    }

    @Test
    void aLineNamesTopicSenderSizeAndReason() {
        refusals.drop(DropReason.TOPIC_MISMATCH, "coaptree/B/2/gB2/heartbeat", "B/2/gB2", 40, "a Leave of B/2/x");
        refusals.drop(DropReason.UNDECODABLE, "coaptree/B/2/gB2/query", null, 7, "empty input");

        assertEquals(List.of(
                "refused a message on coaptree/B/2/gB2/heartbeat from B/2/gB2 (40 bytes): topic-mismatch: a Leave of B/2/x",
                "refused a message on coaptree/B/2/gB2/query from an unknown sender (7 bytes): undecodable: empty input"),
                lines);
    }

    @Test
    void oneLinePerReasonPerIntervalThenTheNumberLeftOut() {
        for (int i = 0; i < 50; i++) {
            refusals.drop(DropReason.UNDECODABLE, "t", null, 1, "bad");
        }
        refusals.drop(DropReason.OVERSIZE, "t", null, 1, "big");
        assertEquals(2, lines.size(), "the first of each reason is written at once: " + lines);

        clock.advance(Duration.ofMillis(9_999));
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, "bad");
        assertEquals(2, lines.size(), "still within the interval");

        clock.advance(Duration.ofMillis(1));
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, "bad");
        assertEquals(3, lines.size());
        assertTrue(lines.get(2).endsWith("undecodable: bad (50 more suppressed)"), lines.get(2));
        assertEquals(52, refusals.count(DropReason.UNDECODABLE), "suppressed lines are still counted");
    }

    @Test
    void flushWritesTheEndOfABurstOnceTheIntervalHasPassed() {
        for (int i = 0; i < 5; i++) {
            refusals.drop(DropReason.UNKNOWN_KIND, "t", null, 1, null);
        }
        refusals.flushWarnings();
        assertEquals(1, lines.size(), "nothing more within the interval");

        clock.advance(Duration.ofSeconds(10));
        refusals.flushWarnings();
        refusals.flushWarnings();
        assertEquals(List.of("refused 4 more messages as unknown-kind (suppressed)"), lines.subList(1, lines.size()));
    }

    @Test
    void aChangedIntervalAppliesToTheNextRefusal() {
        refusals.drop(DropReason.INVALID_SENDER, "t", null, 1, null);
        refusals.warnIntervalMillis(1_000);
        clock.advance(Duration.ofSeconds(1));
        refusals.drop(DropReason.INVALID_SENDER, "t", null, 1, null);
        assertEquals(2, lines.size());
    }

    @Test
    void topicsAndDetailsAreShortenedAndKeptOnOneLine() {
        String longTopic = "coaptree/" + "x".repeat(1000);
        refusals.drop(DropReason.TOPIC_MISMATCH, longTopic, "evil\nINFO forged line", 1, "bad\u0000byte");

        String line = lines.get(0);
        assertFalse(line.contains("\n"), line);
        assertFalse(line.contains("\u0000"), line);
        assertTrue(line.contains("evil?INFO forged line"), line);
        assertTrue(line.length() < DroppedMessages.MAX_TEXT_CHARS * 2 + 100, "length " + line.length());
    }
}
