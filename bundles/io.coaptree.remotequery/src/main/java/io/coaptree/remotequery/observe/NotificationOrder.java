package io.coaptree.remotequery.observe;

/**
 * The order of one relayed Observe relation. Notifications of the remote resource reach the entry gateway over
 * MQTT, where two of them can overtake each other (the gateway's delivery workers handle replies in parallel; QoS 1
 * resends and broker bridges reorder too). The relay numbers what it sends its client itself, so it must not send
 * an older notification after a newer one: it would carry the higher number and the client would keep the older
 * state. So each notification is judged by the number the resource itself gave it, with the rule a CoAP client
 * applies (RFC 7641, section 3.4): newer if ahead by less than 2^23 in 24-bit serial arithmetic, or if more than 128
 * seconds passed since the last one accepted. Not thread-safe: held by one {@link ObserveRelays.ClientRelay}, whose
 * lock its callers hold.
 */
final class NotificationOrder {

    private static final int SERIAL_HALF = 1 << 23;
    private static final int SERIAL_MASK = 0xFF_FFFF;
    private static final long REORDER_WINDOW_NANOS = 128_000_000_000L;

    private int nextNumber = 2;
    private boolean any;
    private int lastOrigin;
    private long lastAcceptedNanos;

    /**
     * @param originNumber the Observe number the remote resource gave the notification
     * @param nowNanos {@link System#nanoTime()}
     * @return whether it is newer than every notification accepted so far (then it is accepted)
     */
    boolean accept(int originNumber, long nowNanos) {
        int number = originNumber & SERIAL_MASK;
        if (any && !isNewer(lastOrigin, number) && nowNanos - lastAcceptedNanos <= REORDER_WINDOW_NANOS) {
            return false;
        }
        any = true;
        lastOrigin = number;
        lastAcceptedNanos = nowNanos;
        return true;
    }

    /** The relay's own Observe number for the next notification it sends its client. */
    int nextNumber() {
        return nextNumber++ & SERIAL_MASK;
    }

    private static boolean isNewer(int last, int candidate) {
        return (last < candidate && candidate - last < SERIAL_HALF)
                || (last > candidate && last - candidate > SERIAL_HALF);
    }
}
