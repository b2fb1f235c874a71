package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReplayWindowsTest {

    private final ReplayWindows windows = new ReplayWindows(128, 2, 30_000);

    @Test
    void eachNumberIsAcceptedOnceInAnyOrderWithinTheWindow() {
        for (long seq : new long[] { 5, 3, 9, 4, 100, 0 }) {
            assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, seq, 0), "seq " + seq);
        }
        for (long seq : new long[] { 5, 3, 9, 4, 100, 0 }) {
            assertEquals(ReplayWindows.Verdict.REPLAYED, windows.accept("A/-/dA", 1, seq, 0), "seq " + seq);
        }
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, 1, 0), "a gap is filled once");
    }

    @Test
    void numbersBelowTheWindowAreRefusedEvenIfNeverSeen() {
        windows.accept("A/-/dA", 1, 1000, 0);
        assertEquals(ReplayWindows.Verdict.TOO_OLD, windows.accept("A/-/dA", 1, 1000 - 128, 0));
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, 1000 - 127, 0));
    }

    @Test
    void aSlideForgetsOnlyWhatLeavesTheWindow() {
        windows.accept("A/-/dA", 1, 10, 0);
        windows.accept("A/-/dA", 1, 130, 0); // 10 leaves the window, 11..130 stay
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, 11, 0));
        assertEquals(ReplayWindows.Verdict.REPLAYED, windows.accept("A/-/dA", 1, 130, 0));
        windows.accept("A/-/dA", 1, 10_000, 0); // a jump beyond a whole window clears it
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, 9_999, 0));
    }

    @Test
    void aNewBootStartsAWindowAndAnEarlierBootIsRefusedWhileTheSenderIsHeard() {
        windows.accept("A/-/dA", 1, 7, 0);
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 2, 7, 1_000), "same number, new boot");
        assertEquals(ReplayWindows.Verdict.EARLIER_BOOT, windows.accept("A/-/dA", 1, 8, 2_000));
        // silent for longer than the freshness window: a gateway whose clock went back is let in again
        assertEquals(ReplayWindows.Verdict.ACCEPTED, windows.accept("A/-/dA", 1, 8, 1_000 + 30_001));
    }

    @Test
    void sendersAreTrackedApartAndTheLeastRecentlyHeardLeavesFirst() {
        windows.accept("a", 1, 1, 0);
        windows.accept("b", 1, 1, 0);
        assertEquals(ReplayWindows.Verdict.REPLAYED, windows.accept("a", 1, 1, 0));
        windows.accept("c", 1, 1, 0); // b is the eldest now
        assertEquals(2, windows.senders());
        assertEquals(ReplayWindows.Verdict.REPLAYED, windows.accept("a", 1, 1, 0));
    }
}
