package io.coaptree.tree.security;

import java.util.Map;

/**
 * Which sequence numbers each sender has used, a window per sender and boot (as DTLS and IPsec keep one): a number
 * is accepted once, in any order, as long as it is within {@code windowSize} of the highest seen. Never strict
 * ordering: priorities, QoS-1 resends and broker bridges reorder messages legitimately.
 * <p>
 * A newer boot of a sender starts a new window; an earlier boot is refused, unless the sender has been silent for
 * longer than the freshness window (a gateway whose clock went back across a reboot would otherwise be shut out
 * until the receivers restart; a replay of the old boot is stale by then anyway). At most {@code maxSenders}
 * windows are kept, least recently used first out: only senders whose seals held get one, so strangers cannot
 * crowd them out. Thread-safe.
 */
public final class ReplayWindows {

    /** What became of a sequence number. */
    public enum Verdict {
        ACCEPTED, REPLAYED, EARLIER_BOOT, TOO_OLD
    }

    private final int windowSize;
    private final long freshnessMillis;
    private final Map<String, Window> windows;

    public ReplayWindows(int windowSize, int maxSenders, long freshnessMillis) {
        if (windowSize < 64 || maxSenders < 1 || freshnessMillis < 1) {
            throw new IllegalArgumentException("window " + windowSize + ", senders " + maxSenders + ", freshness "
                    + freshnessMillis);
        }
        this.windowSize = windowSize;
        this.freshnessMillis = freshnessMillis;
        this.windows = new LeastRecentlyUsedMap<>(maxSenders);
    }

    /**
     * Records {@code seq} of {@code sender}'s {@code boot} if it is new; call only for messages whose seal holds.
     *
     * @param nowMillis the receiver's clock
     */
    public synchronized Verdict accept(String sender, long boot, long seq, long nowMillis) {
        Window w = windows.get(sender);
        if (w == null || boot > w.boot || (boot < w.boot && nowMillis - w.lastAcceptedMillis > freshnessMillis)) {
            w = new Window(boot, windowSize);
            windows.put(sender, w);
        } else if (boot < w.boot) {
            return Verdict.EARLIER_BOOT;
        }
        Verdict verdict = w.accept(seq);
        if (verdict == Verdict.ACCEPTED) {
            w.lastAcceptedMillis = nowMillis;
        }
        return verdict;
    }

    /** Senders with a window now. */
    public synchronized int senders() {
        return windows.size();
    }

    private static final class Window {
        final long boot;
        final long[] bits;
        long highest = -1;
        long lastAcceptedMillis;

        Window(long boot, int size) {
            this.boot = boot;
            this.bits = new long[size / 64];
        }

        Verdict accept(long seq) {
            int size = bits.length * 64;
            if (seq < 0 || (highest >= 0 && seq <= highest - size)) {
                return Verdict.TOO_OLD;
            }
            if (seq > highest) {
                // Slide: forget the numbers that leave the window (at most one window's worth to clear).
                long from = Math.max(highest + 1, seq - size + 1);
                for (long s = from; s <= seq; s++) {
                    clear(s);
                }
                highest = seq;
                set(seq);
                return Verdict.ACCEPTED;
            }
            if (isSet(seq)) {
                return Verdict.REPLAYED;
            }
            set(seq);
            return Verdict.ACCEPTED;
        }

        private int index(long seq) {
            return (int) Math.floorMod(seq, (long) bits.length * 64);
        }

        private boolean isSet(long seq) {
            int i = index(seq);
            return (bits[i >>> 6] & (1L << (i & 63))) != 0;
        }

        private void set(long seq) {
            int i = index(seq);
            bits[i >>> 6] |= 1L << (i & 63);
        }

        private void clear(long seq) {
            int i = index(seq);
            bits[i >>> 6] &= ~(1L << (i & 63));
        }
    }
}
