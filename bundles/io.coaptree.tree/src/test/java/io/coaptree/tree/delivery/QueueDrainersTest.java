package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An item offered just as the only drainer finds the queue empty, while it still holds its place (so the offer starts
 * nobody), is taken all the same: the drainer looks once more after giving its place back.
 */
class QueueDrainersTest {

    private final ExecutorService executor = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void anItemOfferedWhileTheDrainerIsEndingIsStillHandled() throws InterruptedException {
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();
        List<String> handled = new CopyOnWriteArrayList<>();
        AtomicBoolean offeredLate = new AtomicBoolean();
        AtomicReference<QueueDrainers<String>> drainers = new AtomicReference<>();
        drainers.set(new QueueDrainers<>(executor, 1, () -> {
            String item = queue.poll();
            if (item == null && offeredLate.compareAndSet(false, true)) {
                // a producer at the worst moment: the queue looked empty, the drainer has not ended yet
                queue.add("late");
                drainers.get().arrived();
            }
            return item;
        }, queue::isEmpty, handled::add, () -> false));

        queue.add("first");
        drainers.get().arrived();

        assertTrue(drainers.get().awaitIdle(10_000));
        assertTrue(offeredLate.get());
        assertEquals(List.of("first", "late"), handled);
    }
}
