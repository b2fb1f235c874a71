package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.options.DeliveryOptions;

/**
 * Many gateways in one JVM (the fleet simulator) share their deliveries' threads: every arrival and publish of each
 * is still handled, work with an order key still one at a time in arrival order, and one gateway closing neither
 * stops the shared threads nor loses the publishes it queued before.
 */
class SharedDeliveryThreadsTest {

    private final ExecutorService handlers = Executors.newFixedThreadPool(2);
    private final ExecutorService sender = Executors.newFixedThreadPool(2);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final DeliveryThreads shared = DeliveryThreads.shared(handlers, sender, timer);
    private final DeliveryOptions options = DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 2));

    @AfterEach
    void stop() {
        handlers.shutdownNow();
        sender.shutdownNow();
        timer.shutdownNow();
    }

    @Test
    void fiftyGatewaysOnTwoThreadsHandleEveryArrivalAndKeepEachKeysOrder() throws InterruptedException {
        List<GatewayDelivery> gateways = new ArrayList<>();
        for (int g = 0; g < 50; g++) {
            gateways.add(new GatewayDelivery(options, shared));
        }
        int perGateway = 400;
        CountDownLatch handled = new CountDownLatch(50 * perGateway);
        List<List<Integer>> seen = new ArrayList<>();
        AtomicInteger concurrentlyOnOneKey = new AtomicInteger();
        for (int g = 0; g < 50; g++) {
            List<Integer> order = Collections.synchronizedList(new ArrayList<>());
            seen.add(order);
            AtomicInteger onKey = new AtomicInteger();
            for (int i = 0; i < perGateway; i++) {
                int n = i;
                // fewer than the control queue holds (1,000): none refused
                assertTrue(gateways.get(g).inbound(DeliveryClass.CONTROL, "heartbeat", () -> {
                    if (onKey.incrementAndGet() > 1) {
                        concurrentlyOnOneKey.incrementAndGet();
                    }
                    order.add(n);
                    onKey.decrementAndGet();
                    handled.countDown();
                }));
            }
        }

        assertTrue(handled.await(30, TimeUnit.SECONDS), handled.getCount() + " arrivals never handled");
        assertEquals(0, concurrentlyOnOneKey.get(), "work of one key ran in parallel");
        for (List<Integer> order : seen) {
            for (int i = 0; i < perGateway; i++) {
                assertEquals(i, order.get(i), "arrival order of one key");
            }
        }
        gateways.forEach(GatewayDelivery::close);
    }

    @Test
    void aGatewayClosingSendsWhatItQueuedAndLeavesTheSharedThreadsToTheOthers() throws InterruptedException {
        GatewayDelivery leaving = new GatewayDelivery(options, shared);
        GatewayDelivery staying = new GatewayDelivery(options, shared);
        CountDownLatch gate = new CountDownLatch(1);
        List<String> sent = Collections.synchronizedList(new ArrayList<>());
        leaving.outbound(DeliveryClass.NORMAL, () -> await(gate));
        leaving.outbound(DeliveryClass.CONTROL, () -> sent.add("leave"));
        Thread closing = new Thread(leaving::close);
        closing.start();
        gate.countDown();
        closing.join(10_000);

        assertEquals(List.of("leave"), sent, "the leave queued before closing was sent");
        CountDownLatch served = new CountDownLatch(2);
        staying.outbound(DeliveryClass.NORMAL, served::countDown);
        staying.inbound(DeliveryClass.NORMAL, null, served::countDown);
        assertTrue(served.await(10, TimeUnit.SECONDS), "the other gateway is still served");
        staying.close();
    }

    private static void await(CountDownLatch gate) {
        try {
            gate.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
