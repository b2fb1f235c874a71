package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.options.DeliveryOptions;

class GatewayDeliveryTest {

    private GatewayDelivery delivery;

    @AfterEach
    void close() {
        delivery.close();
    }

    @Test
    void controlWorkOvertakesAThousandQueuedNormalArrivals() throws InterruptedException {
        delivery = new GatewayDelivery(DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 1)),
                "t");
        CountDownLatch gate = new CountDownLatch(1);
        List<String> handled = Collections.synchronizedList(new ArrayList<>());
        delivery.inbound(DeliveryClass.NORMAL, null, () -> await(gate)); // the one worker is busy
        for (int i = 0; i < 1_000; i++) {
            int n = i;
            assertTrue(delivery.inbound(DeliveryClass.NORMAL, null, () -> handled.add("normal " + n)));
        }
        CountDownLatch heartbeat = new CountDownLatch(1);
        delivery.inbound(DeliveryClass.CONTROL, "coaptree/A/-/dA/heartbeat", () -> {
            handled.add("heartbeat");
            heartbeat.countDown();
        });
        gate.countDown();

        assertTrue(heartbeat.await(10, TimeUnit.SECONDS));
        assertEquals("heartbeat", handled.get(0));
    }

    @Test
    void aFullNormalQueueRefusesNormalArrivalsButNotControl() throws InterruptedException {
        delivery = new GatewayDelivery(DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 1,
                DeliveryOptions.NORMAL_CAPACITY.id(), 16)), "t");
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        delivery.inbound(DeliveryClass.NORMAL, null, () -> {
            started.countDown();
            await(gate);
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        for (int i = 0; i < 16; i++) {
            assertTrue(delivery.inbound(DeliveryClass.NORMAL, null, () -> { }));
        }

        assertEquals(false, delivery.inbound(DeliveryClass.NORMAL, null, () -> { }));
        assertEquals(1, delivery.dropped(DeliveryClass.NORMAL));
        assertTrue(delivery.inbound(DeliveryClass.CONTROL, null, () -> { }));
        gate.countDown();
    }

    @Test
    void workWithOneOrderKeyRunsInArrivalOrderOneAtATime() throws InterruptedException {
        delivery = new GatewayDelivery(DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 4)),
                "t");
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        int[] running = { 0 };
        boolean[] overlapped = { false };
        CountDownLatch done = new CountDownLatch(200);
        for (int i = 0; i < 200; i++) {
            int n = i;
            delivery.inbound(DeliveryClass.NORMAL, "coaptree/A/1/gA1/rd", () -> {
                synchronized (running) {
                    overlapped[0] |= ++running[0] > 1;
                }
                order.add(n);
                synchronized (running) {
                    running[0]--;
                }
                done.countDown();
            });
        }

        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(false, overlapped[0]);
        for (int i = 0; i < 200; i++) {
            assertEquals(i, order.get(i));
        }
    }

    @Test
    void publishesLeaveInClassOrder() throws InterruptedException {
        delivery = new GatewayDelivery(DeliveryOptions.defaults(), "t");
        CountDownLatch gate = new CountDownLatch(1);
        List<String> sent = Collections.synchronizedList(new ArrayList<>());
        delivery.outbound(DeliveryClass.NORMAL, () -> await(gate)); // a transport waiting for its in-flight window
        for (int i = 0; i < 1_000; i++) {
            delivery.outbound(DeliveryClass.NORMAL, () -> sent.add("normal"));
        }
        CountDownLatch urgent = new CountDownLatch(1);
        delivery.outbound(DeliveryClass.URGENT, () -> {
            sent.add("urgent");
            urgent.countDown();
        });
        gate.countDown();

        assertTrue(urgent.await(10, TimeUnit.SECONDS));
        assertEquals("urgent", sent.get(0));
    }

    @Test
    void aFullOutboundQueueSaysSoBeforeItDropsAndOnlyForItsClass() throws InterruptedException {
        delivery = new GatewayDelivery(
                DeliveryOptions.fromProperties(Map.of(DeliveryOptions.NORMAL_CAPACITY.id(), 16)), "t");
        CountDownLatch gate = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        delivery.outbound(DeliveryClass.NORMAL, () -> { // a transport waiting for its in-flight window
            started.countDown();
            await(gate);
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        for (int i = 0; i < 16; i++) {
            assertTrue(delivery.hasOutboundRoom(DeliveryClass.NORMAL));
            assertTrue(delivery.outbound(DeliveryClass.NORMAL, () -> { }));
        }

        assertFalse(delivery.hasOutboundRoom(DeliveryClass.NORMAL));
        assertTrue(delivery.hasOutboundRoom(DeliveryClass.URGENT));
        assertEquals(0, delivery.droppedOutbound(DeliveryClass.NORMAL), "asking drops nothing");
        gate.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!delivery.hasOutboundRoom(DeliveryClass.NORMAL) && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(delivery.hasOutboundRoom(DeliveryClass.NORMAL), "room again once the link moves");
    }

    @Test
    void publishesQueuedBeforeClosingAreStillSentAndLaterOnesRefused() {
        delivery = new GatewayDelivery(DeliveryOptions.defaults(), "t");
        List<String> sent = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 100; i++) {
            delivery.outbound(DeliveryClass.NORMAL, () -> sent.add("normal"));
        }
        delivery.outbound(DeliveryClass.CONTROL, () -> sent.add("leave"));
        delivery.close();

        assertEquals(101, sent.size(), "the leave a stopping gateway publishes goes out");
        assertEquals(false, delivery.outbound(DeliveryClass.CONTROL, () -> sent.add("late")));
    }

    private static void await(CountDownLatch gate) {
        try {
            gate.await(Duration.ofSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
