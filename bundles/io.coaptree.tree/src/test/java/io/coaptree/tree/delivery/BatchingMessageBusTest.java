package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.options.DeliveryOptions;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.SecurityLimits;
import io.coaptree.tree.security.SecurityMode;
import io.coaptree.tree.topics.TreeTopics;

/** Batches between two gateways with signatures: one seal per batch, unpacked with the single message's limits. */
class BatchingMessageBusTest {

    private static final String TOPIC = "coaptree/A/1/gA1/query";

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis()));
    }

    private final TreePki pki = TreePki.create("Test Tree CA");
    private final InMemoryMessageBus broker = new InMemoryMessageBus();
    private final TreeTopics topics = new TreeTopics("coaptree");
    private final DroppedMessages refusals = new DroppedMessages(clock, 10_000, line -> { });
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    /** Batching from the first message (on-rate 1/s), 512 bytes, 500 ms (far longer than a seal takes). */
    private final DeliveryOptions options = DeliveryOptions.fromProperties(Map.of(
            DeliveryOptions.BATCH_ON_RATE.id(), 1, DeliveryOptions.BATCH_OFF_RATE.id(), 0,
            DeliveryOptions.BATCH_MAX_BYTES.id(), 512, DeliveryOptions.BATCH_MAX_WAIT.id(), 500L));

    private MessageBus sealed(String address) {
        TreePki.Gateway credentials = pki.issue(address);
        MessageSeal seal = MessageSeal.signing(address, clock.millis(), GatewayKey.of(
                credentials.keys().getPrivate(), credentials.certificate()),
                new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of()), clock, 30_000);
        return GatewaySecurity.sealing(SecurityMode.SIGNATURE, seal, new SecurityLimits(128, 16), refusals, topics,
                clock).protect(broker.connect(address, null), 1024);
    }

    private final MessageBus sealedDA = sealed("A/-/dA");
    private final BatchingMessageBus dA = new BatchingMessageBus(sealedDA, new BatchAssembler(options), timer,
            refusals, options.batchMaxRecords(), 256);
    private final BatchingMessageBus gA1 = new BatchingMessageBus(sealed("A/1/gA1"), null, timer, refusals,
            options.batchMaxRecords(), 256);
    private final List<String> received = new CopyOnWriteArrayList<>();

    {
        gA1.subscribe(TOPIC, new MessageHandler() {
            @Override
            public void onMessage(String topic, byte[] payload) {
                received.add(new String(payload, StandardCharsets.UTF_8) + " from ?");
            }

            @Override
            public void onMessage(String topic, byte[] payload, String sender) {
                received.add(new String(payload, StandardCharsets.UTF_8) + " from " + sender);
            }
        });
    }

    @AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    private void awaitReceived(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (received.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(count, received.size(), received.toString());
    }

    @Test
    void normalMessagesToOneHopShareOneSealAndEachArrivesWithTheProvenSender() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            dA.publish(TOPIC, ("m" + i).getBytes(StandardCharsets.UTF_8), DeliveryClass.NORMAL);
        }
        awaitReceived(5);

        assertEquals(List.of("m0 from A/-/dA", "m1 from A/-/dA", "m2 from A/-/dA", "m3 from A/-/dA",
                "m4 from A/-/dA"), received);
        assertEquals(5, dA.records());
        assertEquals(1, dA.publishes(), "one publish, one seal");
        assertEquals(0, refusals.total());
    }

    @Test
    void urgentMessagesAreNeverBatched() throws InterruptedException {
        dA.publish(TOPIC, "n".getBytes(StandardCharsets.UTF_8), DeliveryClass.NORMAL);
        dA.publish(TOPIC, "u".getBytes(StandardCharsets.UTF_8), DeliveryClass.URGENT);
        awaitReceived(2);

        assertEquals(List.of("u from A/-/dA", "n from A/-/dA"), received, "the urgent one does not wait");
        assertEquals(2, dA.publishes());
    }

    @Test
    void aMalformedBatchIsRefusedWholeAndWhatCameAroundItArrives() throws InterruptedException {
        sealedDA.publish(TOPIC, "before".getBytes(StandardCharsets.UTF_8));
        // Sealed by a genuine sender, but its second record is cut short: nothing of it is handed on.
        byte[] bad = BatchFrame.encode(List.of("first".getBytes(StandardCharsets.UTF_8),
                "second".getBytes(StandardCharsets.UTF_8)));
        sealedDA.publish(TOPIC, java.util.Arrays.copyOf(bad, bad.length - 2));
        // A record above the receiver's limit for one message refuses its batch too.
        sealedDA.publish(TOPIC, BatchFrame.encode(List.of("ok".getBytes(StandardCharsets.UTF_8), new byte[257])));
        sealedDA.publish(TOPIC, "after".getBytes(StandardCharsets.UTF_8));
        awaitReceived(2);

        assertEquals(List.of("before from A/-/dA", "after from A/-/dA"), received);
        assertEquals(2, refusals.count(DropReason.UNDECODABLE));
        assertTrue(received.stream().noneMatch(r -> r.startsWith("first") || r.startsWith("ok")));
    }
}
