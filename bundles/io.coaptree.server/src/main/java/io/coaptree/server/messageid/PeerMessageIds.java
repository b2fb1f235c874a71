package io.coaptree.server.messageid;

import java.util.Arrays;

/**
 * The message IDs this server gives one peer: handed out in sequence through the 16-bit space, wrapping around, and
 * leased in 16 groups of 4096 rather than one by one, so a peer costs 16 timestamps instead of 65536.
 * <p>
 * A group's lease ends {@code lifetime} after the last ID handed out from it. The sequence may enter a group (reach
 * its first ID) only once that lease has ended. Why that is enough: between two uses of one ID the sequence goes all
 * the way round, so it enters that ID's group in between (or the second use is the entry itself), and the entry
 * waited for the lease the first use set. The group the sequence started in is entered for the first time only after
 * a full round, so its IDs below the random start are never handed out early either.
 * <p>
 * So at most 65536 IDs go to one peer at once, and at least 61441 (when the sequence stands just past a group's
 * first ID); sustained, a group comes free again after {@code lifetime}, which allows 15 groups per lifetime: about
 * 248 IDs a second for RFC 7252's 247 s. Not thread-safe: {@link MessageIdAllocator} guards it.
 */
final class PeerMessageIds {

    /** The 16-bit message ID space of RFC 7252 section 3. */
    static final int SPACE = 1 << 16;
    static final int GROUPS = 16;
    private static final int GROUP_BITS = 12;
    private static final int FIRST_OF_GROUP = (1 << GROUP_BITS) - 1;

    /** When each group's lease ends, in the allocator's clock (nanoseconds, compared by difference). */
    private final long[] leaseEnds = new long[GROUPS];
    /** The next ID in the sequence. */
    private int next;

    /** @param first the first ID to hand out (RFC 7252 section 4.4: a randomized start) */
    PeerMessageIds(int first, long now) {
        this.next = first & (SPACE - 1);
        Arrays.fill(leaseEnds, now);
    }

    /** @return the next ID, or -1 if the sequence would enter a group whose lease has not ended */
    int take(long now, long lifetimeNanos) {
        int id = next;
        int group = id >>> GROUP_BITS;
        if ((id & FIRST_OF_GROUP) == 0 && leaseEnds[group] - now > 0) {
            return -1;
        }
        leaseEnds[group] = now + lifetimeNanos;
        next = (id + 1) & (SPACE - 1);
        return id;
    }

    /** @return whether {@link #take} would give an ID now (nothing is taken) */
    boolean canTake(long now) {
        return (next & FIRST_OF_GROUP) != 0 || leaseEnds[next >>> GROUP_BITS] - now <= 0;
    }

    /**
     * @return whether every ID this peer was given may be given again: then nothing needs to be remembered about it
     *         (the group of the last ID handed out holds the latest lease)
     */
    boolean allLeasesEnded(long now) {
        int last = (next - 1) & (SPACE - 1);
        return leaseEnds[last >>> GROUP_BITS] - now <= 0;
    }
}
