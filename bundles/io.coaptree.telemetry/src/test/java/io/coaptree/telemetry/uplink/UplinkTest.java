package io.coaptree.telemetry.uplink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/** A group's records reach the root's sink over the bus; what the root cannot read is refused and counted. */
class UplinkTest {

    private static final NodeAddress ROOT = NodeAddress.parse("-/-/top");
    private static final NodeAddress GROUP = NodeAddress.parse("B/1/gB1");

    private final TreeTopics topics = new TreeTopics("coaptree");
    private final TelemetryCodec codec = new TelemetryCodec(1024);
    private final InMemoryMessageBus broker = new InMemoryMessageBus();
    private final DroppedMessages refusals = new DroppedMessages(Clock.systemUTC(), 10_000, line -> { });

    private record Arrival(String gateway, TelemetryRecord record) {
    }

    @Test
    void aGroupsRecordsReachTheRootWithTheGatewayThatTookThemIn() {
        List<Arrival> sink = new CopyOnWriteArrayList<>();
        RootReceiver receiver = new RootReceiver(topics, ROOT, TreeCollections::new, codec,
                (gateway, record, c) -> accept(sink, new Arrival(gateway, record)), DeliveryClass.NORMAL);
        receiver.start(broker.connect("top", null), refusals);
        TreeUplink uplink = new TreeUplink(broker.connect("gB1", null), codec, topics, GROUP);
        TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.POSTED, "coap://127.0.0.1:40000",
                "telemetry", 42, 1000, new byte[] { 1, 2, 3 });
        uplink.deliver(GROUP.text(), record, DeliveryClass.NORMAL);
        uplink.deliver(GROUP.text(), record, DeliveryClass.URGENT);
        assertEquals(2, sink.size());
        assertEquals("B/1/gB1", sink.get(0).gateway());
        assertArrayEquals(new byte[] { 1, 2, 3 }, sink.get(0).record().payload());
        assertEquals(2, receiver.received());
    }

    @Test
    void garbledAndOversizeRecordsAreRefusedAndCountedAndNothingIsHandedOn() {
        List<Arrival> sink = new CopyOnWriteArrayList<>();
        RootReceiver receiver = new RootReceiver(topics, ROOT, TreeCollections::new, new TelemetryCodec(10),
                (gateway, record, c) -> accept(sink, new Arrival(gateway, record)), DeliveryClass.NORMAL);
        receiver.start(broker.connect("top", null), refusals);
        var attacker = broker.connect("x", null);
        String topic = topics.topic(GROUP, TopicKind.TELEMETRY);
        attacker.publish(topic, new byte[] { 1, 1, 0 });
        attacker.publish(topic, codec.encode(new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t", 0, 0,
                new byte[11])));
        assertTrue(sink.isEmpty());
        assertEquals(1, refusals.count(DropReason.UNDECODABLE));
        assertEquals(1, refusals.count(DropReason.OVERSIZE));
    }

    @Test
    void aRecordTheRootCannotTakeNowIsRefusedAsOverloadedAndCounted() {
        RootReceiver receiver = new RootReceiver(topics, ROOT, TreeCollections::new, codec,
                (gateway, record, c) -> IntakeResult.QUEUE_FULL, DeliveryClass.NORMAL);
        receiver.start(broker.connect("top", null), refusals);
        new TreeUplink(broker.connect("gB1", null), codec, topics, GROUP).deliver(GROUP.text(),
                new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t", 0, 0, new byte[1]), DeliveryClass.NORMAL);
        assertEquals(1, refusals.count(DropReason.OVERLOADED));
        assertEquals(0, receiver.received());
    }

    @Test
    void theQueueHandsUrgentRecordsOnBeforeQueuedNormalOnes() throws Exception {
        List<DeliveryClass> order = new CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch all = new java.util.concurrent.CountDownLatch(6);
        try (UplinkQueue queue = new UplinkQueue(GROUP.text(), 100, heldUntil(gate, c -> {
            order.add(c);
            all.countDown();
        }))) {
            TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t", 0, 0, new byte[1]);
            for (int i = 0; i < 5; i++) {
                assertEquals(IntakeResult.ACCEPTED, queue.offer(record, DeliveryClass.NORMAL));
            }
            assertEquals(IntakeResult.ACCEPTED, queue.offer(record, DeliveryClass.URGENT));
            gate.countDown();
            assertTrue(all.await(10, java.util.concurrent.TimeUnit.SECONDS));
        }
        // the first normal one may already be in the worker's hands; the urgent one overtakes the rest
        assertTrue(order.indexOf(DeliveryClass.URGENT) <= 1, order.toString());
    }

    @Test
    void aFullQueueRefusesWithItsReasonAndCountsEveryRefusal() throws Exception {
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        try (UplinkQueue queue = new UplinkQueue(GROUP.text(), 1, heldUntil(gate, c -> {
        }))) {
            TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t", 0, 0, new byte[1]);
            int refused = 0;
            for (int i = 0; i < 5; i++) {
                IntakeResult result = queue.offer(record, DeliveryClass.NORMAL);
                if (!result.accepted()) {
                    assertEquals(IntakeResult.QUEUE_FULL, result);
                    refused++;
                }
            }
            // one record in the blocked sink's hands at most, one in the queue
            assertTrue(refused >= 3, refused + " refused");
            assertEquals(refused, queue.counters().refused(IntakeResult.QUEUE_FULL));
            assertEquals(5 - refused, queue.counters().accepted());
            gate.countDown();
        }
    }

    @Test
    void aDirectIntakeHandsOnOnlyWhatTheBusCanTakeNowAndCountsTheRest() {
        List<DeliveryClass> handedOn = new CopyOnWriteArrayList<>();
        IntakeResult[] bus = { IntakeResult.ACCEPTED };
        DirectIntake intake = new DirectIntake(GROUP.text(), (g, r, c) -> handedOn.add(c), c -> bus[0]);
        TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t", 0, 0, new byte[1]);

        assertEquals(IntakeResult.ACCEPTED, intake.offer(record, DeliveryClass.NORMAL));
        bus[0] = IntakeResult.NOT_CONNECTED;
        assertEquals(IntakeResult.NOT_CONNECTED, intake.offer(record, DeliveryClass.NORMAL));
        assertEquals(IntakeResult.NOT_CONNECTED, intake.offer(record, DeliveryClass.URGENT));
        bus[0] = IntakeResult.OUTBOUND_FULL;
        assertEquals(IntakeResult.OUTBOUND_FULL, intake.offer(record, DeliveryClass.NORMAL));
        bus[0] = IntakeResult.ACCEPTED;
        assertEquals(IntakeResult.ACCEPTED, intake.offer(record, DeliveryClass.URGENT));

        assertEquals(List.of(DeliveryClass.NORMAL, DeliveryClass.URGENT), handedOn, "refused records are not sent");
        IntakeCounters counters = intake.counters();
        assertEquals(2, counters.accepted());
        assertEquals(2, counters.refused(IntakeResult.NOT_CONNECTED));
        assertEquals(1, counters.refused(IntakeResult.OUTBOUND_FULL));
        assertEquals(3, counters.refusedTotal());
        assertEquals(java.util.Map.of("not-connected", 2L, "outbound-full", 1L, "queue-full", 0L),
                counters.refusedByKey(), "as the component's status names them");
        assertTrue(IntakeResult.OUTBOUND_FULL.diagnostic().contains("delivery.queue."));
        // a device is told to retry; the log's reason also covers records from other gateways, which cannot
        assertTrue(IntakeResult.QUEUE_FULL.diagnostic().endsWith("; retry later"));
        assertFalse(IntakeResult.QUEUE_FULL.reason().contains("retry"));
        assertEquals("", IntakeResult.ACCEPTED.diagnostic());
    }

    /**
     * A destination that cannot take records for a while (a Kura cloud connection with a full store): every record
     * the queue accepted is kept and handed on once it can take them again, in the order they came, each once; the
     * refusals are counted, and records waiting include the one kept.
     */
    @Test
    void recordsTheDestinationCannotTakeNowAreKeptAndHandedOnInOrderOnceItCan() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean full = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger refusals = new java.util.concurrent.atomic.AtomicInteger();
        List<String> handedOn = new CopyOnWriteArrayList<>();
        RecordSink cloud = (g, r, c) -> {
            if (full.get()) {
                refusals.incrementAndGet();
                return false;
            }
            handedOn.add(new String(r.payload(), java.nio.charset.StandardCharsets.UTF_8));
            return true;
        };
        try (UplinkQueue queue = new UplinkQueue(GROUP.text(), 100, cloud)) {
            for (int i = 0; i < 5; i++) {
                assertEquals(IntakeResult.ACCEPTED, queue.offer(new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s",
                        "t", 0, 0, ("r" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8)), DeliveryClass.NORMAL));
            }
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
            while (refusals.get() < 3) {
                assertTrue(System.nanoTime() < deadline, "the queue did not offer the record again");
                Thread.sleep(10);
            }
            assertTrue(handedOn.isEmpty());
            assertEquals(5, queue.waiting(), "the kept record and the four behind it");
            assertTrue(queue.deferrals() >= 3, queue.deferrals() + " deferrals");

            full.set(false);
            while (handedOn.size() < 5) {
                assertTrue(System.nanoTime() < deadline, "handed on: " + handedOn);
                Thread.sleep(10);
            }
            assertEquals(List.of("r0", "r1", "r2", "r3", "r4"), handedOn, "each once, in order");
            assertEquals(0, queue.waiting());
        }
    }

    /** A sink that holds each record until {@code gate} opens, then hands its class to {@code delivered}. */
    private static RecordSink heldUntil(java.util.concurrent.CountDownLatch gate,
            java.util.function.Consumer<DeliveryClass> delivered) {
        return (g, r, c) -> {
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delivered.accept(c);
            return true;
        };
    }

    private static <T> IntakeResult accept(List<T> sink, T arrival) {
        sink.add(arrival);
        return IntakeResult.ACCEPTED;
    }
}
