package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.options.DeliveryOptions;

/**
 * Work that throws, Errors included, costs that work only: the one worker of the delivery goes on with the next
 * arrival on the same thread, and the failure is counted.
 */
class WorkersSurviveErrorsTest {

    private final GatewayDelivery delivery = new GatewayDelivery(
            DeliveryOptions.fromProperties(Map.of(DeliveryOptions.WORKERS.id(), 1)), "t");

    @AfterEach
    void close() {
        delivery.close();
    }

    @Test
    void theWorkerServesOnAfterAnOutOfMemoryErrorAStackOverflowAndARuntimeException() throws Exception {
        CompletableFuture<Thread> failedOn = new CompletableFuture<>();
        delivery.inbound(DeliveryClass.NORMAL, null, () -> {
            failedOn.complete(Thread.currentThread());
            throw new OutOfMemoryError("Java heap space");
        });
        delivery.inbound(DeliveryClass.NORMAL, "coaptree/B/-/dB/heartbeat", WorkersSurviveErrorsTest::recurse);
        delivery.inbound(DeliveryClass.CONTROL, null, () -> {
            throw new IllegalStateException("a defect");
        });
        CompletableFuture<Thread> servedOn = new CompletableFuture<>();
        delivery.inbound(DeliveryClass.NORMAL, "coaptree/B/-/dB/heartbeat",
                () -> servedOn.complete(Thread.currentThread()));

        assertEquals(failedOn.get(10, TimeUnit.SECONDS), servedOn.get(10, TimeUnit.SECONDS),
                "the same worker handled the next arrival");
        assertEquals(3, delivery.failures());
        assertTrue(servedOn.get().isAlive());
    }

    @Test
    void theSenderServesOnAfterAnError() throws Exception {
        delivery.outbound(DeliveryClass.NORMAL, () -> {
            throw new OutOfMemoryError("Java heap space");
        });
        CompletableFuture<Boolean> sent = new CompletableFuture<>();
        delivery.outbound(DeliveryClass.NORMAL, () -> sent.complete(true));

        assertTrue(sent.get(10, TimeUnit.SECONDS));
        assertEquals(1, delivery.failures());
    }

    private static void recurse() {
        recurse();
    }
}
