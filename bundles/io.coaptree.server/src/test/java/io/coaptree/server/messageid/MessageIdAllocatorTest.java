package io.coaptree.server.messageid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;

/** Message IDs towards one peer, at every rate, over simulated minutes (RFC 7252 section 4.4). */
class MessageIdAllocatorTest {

    private static final long LIFETIME_MILLIS = MessageIdAllocator.EXCHANGE_LIFETIME.toMillis();
    private static final InetSocketAddress PEER = new InetSocketAddress("192.0.2.1", 5683);
    private static final InetSocketAddress OTHER = new InetSocketAddress("192.0.2.2", 5683);

    private final ManualClock clock = new ManualClock();
    private final MessageIdAllocator allocator = new MessageIdAllocator(500,
            () -> TimeUnit.MILLISECONDS.toNanos(clock.millis()));

    /** When each ID was last given, in the clock's milliseconds. */
    private final long[] lastGiven = new long[1 << 16];
    private long given;
    private long reusedAfterLifetime;

    private void take(InetSocketAddress peer) {
        int id = allocator.next(peer);
        if (id < 0) {
            return;
        }
        long now = clock.millis();
        if (lastGiven[id] != 0) {
            long gap = now - lastGiven[id];
            assertTrue(gap >= LIFETIME_MILLIS, "message ID " + id + " given again after " + gap + " ms");
            reusedAfterLifetime++;
        }
        lastGiven[id] = now;
        given++;
    }

    /**
     * A peer that makes the server send {@code perSecond} messages for ten simulated minutes, enough to wrap the
     * 16-bit space at every rate above 110 a second: no ID comes back within 247 s, what is not given is refused and
     * counted, and below the sustainable rate (about 248 a second) nothing is refused.
     */
    @ParameterizedTest
    @ValueSource(ints = { 50, 240, 1_000, 20_000 })
    void noIdIsGivenTwiceWithin247SecondsAtAnyRate(int perSecond) {
        long seconds = 600;
        long asked = 0;
        for (long ms = 0; ms < seconds * 1000; ms++) {
            // perSecond spread over the milliseconds of each second
            long due = (ms + 1) * perSecond / 1000 - ms * perSecond / 1000;
            for (long i = 0; i < due; i++) {
                take(PEER);
                asked++;
            }
            clock.advance(Duration.ofMillis(1));
        }
        assertEquals(asked - given, allocator.refusals().allLeased(), "every ID not given is a counted refusal");
        if (perSecond <= 240) {
            assertEquals(asked, given, "a sustainable rate is never refused");
        } else {
            assertTrue(given >= 61_441 + (seconds - LIFETIME_MILLIS / 1000) * 240,
                    "about 248 a second after the first burst; given " + given);
        }
        if (perSecond * seconds > 2 * (1 << 16)) {
            assertTrue(reusedAfterLifetime > 0, "the space wrapped");
        }
    }

    @Test
    void anExhaustedPeerIsRefusedUntilItsLeasesEndWhileOtherPeersAreServed() {
        BitSet ids = new BitSet();
        int id;
        while ((id = allocator.next(PEER)) >= 0) {
            assertFalse(ids.get(id), "message ID " + id + " given twice at one instant");
            ids.set(id);
        }
        assertEquals(MessageIdAllocator.REFUSED_ALL_LEASED, id);
        // the sequence stops at the start of the group it began in: all of the space but part of one group
        assertTrue(ids.cardinality() >= 61_441 && ids.cardinality() <= 65_536, "given " + ids.cardinality());
        assertTrue(allocator.next(OTHER) >= 0, "another peer has its own IDs");

        clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME.minusMillis(1));
        assertEquals(MessageIdAllocator.REFUSED_ALL_LEASED, allocator.next(PEER));
        assertEquals(new MessageIdAllocator.Refusals(2, 0), allocator.refusals());

        clock.advance(Duration.ofMillis(1));
        assertTrue(allocator.next(PEER) >= 0, "free again once 247 s have passed");
    }

    @Test
    void aPeerIsRememberedUntilItsLastLeaseEndsThenForgotten() {
        int first = allocator.next(PEER);
        // silent for longer than Californium's own provider may be told to remember a peer
        clock.advance(Duration.ofSeconds(200));
        assertEquals((first + 1) & 0xFFFF, allocator.next(PEER), "the sequence goes on, it does not start afresh");
        clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME.minusMillis(1));
        assertEquals(1, allocator.peers());
        clock.advance(Duration.ofMillis(1));
        assertEquals(0, allocator.peers(), "nothing kept for a peer whose IDs are all free");
    }

    @Test
    void aNewPeerIsRefusedWhileMaxPeersOthersHoldLeases() {
        MessageIdAllocator two = new MessageIdAllocator(2, () -> TimeUnit.MILLISECONDS.toNanos(clock.millis()));
        InetSocketAddress third = new InetSocketAddress("192.0.2.3", 5683);
        assertTrue(two.next(PEER) >= 0);
        assertTrue(two.next(OTHER) >= 0);
        assertEquals(MessageIdAllocator.REFUSED_TOO_MANY_PEERS, two.next(third));
        assertEquals(new MessageIdAllocator.Refusals(0, 1), two.refusals());

        clock.advance(Duration.ofSeconds(100));
        assertTrue(two.next(OTHER) >= 0);
        clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME.minusSeconds(100));
        assertTrue(two.next(third) >= 0, "PEER's leases ended, so its place is free");
        assertEquals(MessageIdAllocator.REFUSED_TOO_MANY_PEERS, two.next(PEER), "OTHER's have not");

        two.setMaxPeers(3);
        assertNotEquals(MessageIdAllocator.REFUSED_TOO_MANY_PEERS, two.next(PEER));
    }
}
