package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.options.DeliveryOptions;

class BatchAssemblerTest {

    private static final String HOP = "coaptree/A/-/dA/query";

    /** Batching at 100 messages/s and more (in 1 s windows), off below 50/s; 1 KB, 64 records, 5 ms. */
    private final BatchAssembler assembler = new BatchAssembler(DeliveryOptions.fromProperties(Map.of(
            DeliveryOptions.BATCH_ON_RATE.id(), 100, DeliveryOptions.BATCH_OFF_RATE.id(), 50,
            DeliveryOptions.BATCH_RATE_WINDOW.id(), 1_000L, DeliveryOptions.BATCH_MAX_BYTES.id(), 1_024,
            DeliveryOptions.BATCH_MAX_RECORDS.id(), 64, DeliveryOptions.BATCH_MAX_WAIT.id(), 5L)));

    private final List<BatchAssembler.Outgoing> sent = new ArrayList<>();

    private void add(int count, int bytes, long atMillis) {
        for (int i = 0; i < count; i++) {
            sent.addAll(assembler.add(HOP, new byte[bytes], atMillis));
        }
    }

    /** 100 messages at time 0 switch batching on (the 100th already waits in a batch); sends that one. */
    private void switchOn() {
        add(100, 40, 0);
        assertTrue(assembler.batching(HOP));
        sent.addAll(assembler.due(5));
        sent.clear();
    }

    @Test
    void belowTheOnRateEveryMessageLeavesAtOnceOnItsOwn() {
        add(99, 40, 0);

        assertFalse(assembler.batching(HOP));
        assertEquals(99, sent.size());
        assertTrue(sent.stream().allMatch(o -> o.records() == 1));
    }

    @Test
    void batchingSwitchesOnAtTheOnRateAndOffAfterAWindowBelowTheOffRate() {
        add(99, 40, 0);
        assertFalse(assembler.batching(HOP));
        add(1, 40, 10);
        assertTrue(assembler.batching(HOP), "the 100th message within a second switches batching on");

        // The next window keeps 60/s: above the off-rate, batching stays on.
        add(60, 40, 1_100);
        assertTrue(assembler.batching(HOP));
        // A window at 49/s ends it: the next message leaves at once.
        add(49, 40, 2_100);
        sent.clear();
        add(1, 40, 3_100);
        assertFalse(assembler.batching(HOP));
        assertEquals(List.of(1), sent.stream().map(BatchAssembler.Outgoing::records).toList().subList(
                sent.size() - 1, sent.size()));
    }

    @Test
    void aBatchNeverExceedsItsSize() {
        switchOn();
        for (int i = 0; i < 1_000; i++) {
            sent.addAll(assembler.add(HOP, new byte[1 + i % 97], 1 + i % 3));
        }
        sent.addAll(assembler.due(1_000));
        assertTrue(sent.stream().allMatch(o -> o.payload().length <= 1_024));
        assertTrue(sent.stream().allMatch(o -> o.records() <= 64));
        assertEquals(1_000, sent.stream().mapToInt(BatchAssembler.Outgoing::records).sum(), "nothing lost");
        assertTrue(sent.size() < 1_000 / 5, "fewer publishes than messages: " + sent.size());
    }

    @Test
    void aBatchNeverWaitsLongerThanItsWait() {
        switchOn();
        add(3, 40, 100);
        assertEquals(List.of(), sent, "a batch under its size waits");
        assertEquals(105, assembler.nextDueMillis());
        assertEquals(List.of(), assembler.due(104));

        List<BatchAssembler.Outgoing> due = assembler.due(105);
        assertEquals(1, due.size());
        assertEquals(3, due.get(0).records());
        assertEquals(Long.MAX_VALUE, assembler.nextDueMillis());
    }

    @Test
    void aMessageLargerThanABatchLeavesAloneAfterWhatWaits() {
        switchOn();
        add(2, 40, 50);
        add(1, 2_000, 51);

        assertEquals(List.of(2, 1), sent.stream().map(BatchAssembler.Outgoing::records).toList());
        assertEquals(2_000, sent.get(1).payload().length, "the large one unframed");
    }

    @Test
    void topicsAreBatchedApart() {
        add(100, 40, 0);
        assertTrue(assembler.batching(HOP));
        assertFalse(assembler.batching("coaptree/B/-/dB/query"));
    }
}
