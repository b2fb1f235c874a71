package io.coaptree.remotequery.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class NotificationOrderTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aNotificationOvertakenByANewerOneIsNotRelayed() {
        NotificationOrder order = new NotificationOrder();
        assertTrue(order.accept(7, 0), "the first is always taken");
        assertTrue(order.accept(9, SECOND));
        assertFalse(order.accept(8, 2 * SECOND), "8 arrived after 9");
        assertFalse(order.accept(9, 2 * SECOND), "the same number again");
        assertTrue(order.accept(10, 3 * SECOND));
    }

    @Test
    void numbersWrapAroundAt24Bits() {
        NotificationOrder order = new NotificationOrder();
        assertTrue(order.accept(0xFF_FFFE, 0));
        assertTrue(order.accept(1, SECOND), "1 follows 0xFFFFFE after the wrap");
        assertFalse(order.accept(0xFF_FFFF, 2 * SECOND), "0xFFFFFF is older than 1");
        assertFalse(order.accept(1 + (1 << 23), 3 * SECOND), "2^23 ahead counts as behind");
    }

    @Test
    void after128SecondsAnyNumberIsNewer() {
        NotificationOrder order = new NotificationOrder();
        assertTrue(order.accept(500, 0));
        assertFalse(order.accept(3, 128 * SECOND));
        assertTrue(order.accept(3, 128 * SECOND + 1), "a resource that started counting again is followed");
    }

    @Test
    void theRelaysOwnNumbersCountUpFromTwo() {
        NotificationOrder order = new NotificationOrder();
        assertEquals(2, order.nextNumber());
        assertEquals(3, order.nextNumber());
    }
}
