package io.coaptree.mqtt.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class InFlightWindowTest {

    @Test
    void refusesWhenFullAndAcceptsAgainAfterARelease() {
        InFlightWindow window = new InFlightWindow(2);
        InFlightWindow.Slot a = window.tryAcquire();
        assertNotNull(window.tryAcquire());
        assertNull(window.tryAcquire());
        assertTrue(a.release());
        assertEquals(1, window.inFlight());
        assertNotNull(window.tryAcquire());
    }

    @Test
    void releasingTwiceFreesOneSlot() {
        InFlightWindow window = new InFlightWindow(1);
        InFlightWindow.Slot slot = window.tryAcquire();
        assertTrue(slot.release());
        assertFalse(slot.release());
        assertEquals(0, window.inFlight());
    }

    @Test
    void neverExceedsItsCapacityUnderConcurrency() throws Exception {
        InFlightWindow window = new InFlightWindow(5);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(threads.submit(() -> {
                    int maxSeen = 0;
                    for (int i = 0; i < 20_000; i++) {
                        InFlightWindow.Slot slot = window.tryAcquire();
                        maxSeen = Math.max(maxSeen, window.inFlight());
                        if (slot != null) {
                            slot.release();
                            slot.release();
                        }
                    }
                    return maxSeen;
                }));
            }
            for (Future<Integer> r : results) {
                assertTrue(r.get(30, TimeUnit.SECONDS) <= 5);
            }
            assertEquals(0, window.inFlight());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aWaitingPublisherGetsTheNextReleasedSlot() throws Exception {
        InFlightWindow window = new InFlightWindow(1);
        InFlightWindow.Slot held = window.tryAcquire();
        ExecutorService waiter = Executors.newSingleThreadExecutor();
        try {
            Future<InFlightWindow.Slot> waiting = waiter.submit(() -> window.acquire(60_000));
            held.release();
            assertNotNull(waiting.get(30, TimeUnit.SECONDS), "the released slot goes to the waiting publisher");
            assertEquals(1, window.inFlight());
        } finally {
            waiter.shutdownNow();
        }
    }

    @Test
    void aWaitEndsWithoutASlotWhenNoneIsReleasedInTime() throws Exception {
        InFlightWindow window = new InFlightWindow(1);
        assertNotNull(window.acquire(0));
        assertNull(window.acquire(0), "0: no wait");
        assertNull(window.acquire(50), "nothing released within the bound");
        assertEquals(1, window.inFlight());
    }

    @Test
    void capacityMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InFlightWindow(0));
        assertTrue(e.getMessage().startsWith("capacity"));
    }
}
