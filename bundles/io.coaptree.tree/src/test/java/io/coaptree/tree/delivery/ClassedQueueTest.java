package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.bus.DeliveryClass;

class ClassedQueueTest {

    private static ClassedQueue<String> queue(int capacity, int normalEvery) {
        return new ClassedQueue<>(Map.of(DeliveryClass.CONTROL, capacity, DeliveryClass.URGENT, capacity,
                DeliveryClass.NORMAL, capacity), normalEvery);
    }

    @Test
    void anUrgentMessageQueuedBehindAThousandNormalOnesLeavesFirst() {
        ClassedQueue<String> q = queue(2_000, 4);
        for (int i = 0; i < 1_000; i++) {
            assertTrue(q.offer(DeliveryClass.NORMAL, "normal " + i));
        }
        assertTrue(q.offer(DeliveryClass.URGENT, "urgent"));

        assertEquals("urgent", q.poll());
        assertEquals("normal 0", q.poll());
        assertEquals(999, q.size(DeliveryClass.NORMAL));
    }

    @Test
    void controlGoesBeforeUrgentAndUrgentBeforeNormal() {
        ClassedQueue<String> q = queue(10, 4);
        q.offer(DeliveryClass.NORMAL, "n");
        q.offer(DeliveryClass.URGENT, "u");
        q.offer(DeliveryClass.CONTROL, "c");

        assertEquals(List.of("c", "u", "n"), List.of(q.poll(), q.poll(), q.poll()));
    }

    @Test
    void normalTrafficGetsItsShareUnderAnEndlessUrgentLoad() {
        ClassedQueue<String> q = queue(1_000, 4);
        for (int i = 0; i < 100; i++) {
            q.offer(DeliveryClass.NORMAL, "n");
        }
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            q.offer(DeliveryClass.URGENT, "u"); // a new urgent message for every take: urgent never runs dry
            taken.add(q.poll());
        }
        long normals = taken.stream().filter("n"::equals).count();
        assertEquals(100, normals, "one take in four goes to waiting normal traffic");
        // ... and never more than three urgent ones in a row while normal ones wait
        assertFalse(String.join("", taken.subList(0, 396)).contains("uuuu"));
    }

    @Test
    void aFullClassRefusesWithoutBlockingOrTouchingTheOthers() {
        ClassedQueue<String> q = queue(16, 4);
        for (int i = 0; i < 16; i++) {
            assertTrue(q.offer(DeliveryClass.NORMAL, "n" + i));
        }
        assertFalse(q.offer(DeliveryClass.NORMAL, "one too many"));
        assertTrue(q.offer(DeliveryClass.CONTROL, "heartbeat"));
        assertEquals("heartbeat", q.poll());
    }

    @Test
    void aClosedQueueRefusesOffersAndWakesTakers() throws InterruptedException {
        ClassedQueue<String> q = queue(16, 4);
        q.offer(DeliveryClass.NORMAL, "left");
        q.close();

        assertFalse(q.offer(DeliveryClass.URGENT, "late"));
        assertEquals("left", q.poll(1, TimeUnit.SECONDS));
        assertNull(q.poll(10, TimeUnit.SECONDS), "returns at once when closed and empty");
    }
}
