package io.coaptree.server.messageid;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

/**
 * The message IDs a server chooses for the messages it starts towards a peer (separate responses, Observe
 * notifications, requests of its own), so that none is used twice towards one peer within RFC 7252's
 * EXCHANGE_LIFETIME (section 4.4: "The same Message ID MUST NOT be reused (in communicating with the same endpoint)
 * within the EXCHANGE_LIFETIME"). A peer that received one ID again inside that time would take the new message for a
 * duplicate of the old one and drop it, or answer it with the old answer.
 * <p>
 * When a peer's IDs are all leased (about 248 a second, sustained, see {@link PeerMessageIds}), or when
 * {@code maxPeers} peers hold leases and another one needs an ID, the answer is a refusal, never a reused ID; the
 * refusals are counted. A peer is remembered until its last lease ends, and no longer, so memory follows the peers
 * that were sent something in the last EXCHANGE_LIFETIME.
 * <p>
 * Time is a monotonic clock in nanoseconds ({@link System#nanoTime()} on a gateway): a wall clock that NTP steps
 * forward, as on a Raspberry Pi without a real-time clock after boot, would end every lease at once. Safe from many
 * threads (one lock; each call is a few map and array operations).
 */
public final class MessageIdAllocator {

    /**
     * RFC 7252 section 4.8.2: EXCHANGE_LIFETIME = MAX_TRANSMIT_SPAN (45 s) + 2 * MAX_LATENCY (100 s) +
     * PROCESSING_DELAY (2 s), with the default transmission parameters ACK_TIMEOUT 2 s, ACK_RANDOM_FACTOR 1.5 and
     * MAX_RETRANSMIT 4, which the server keeps.
     */
    public static final Duration EXCHANGE_LIFETIME = Duration.ofSeconds(247);

    /** {@link #next} found every ID of the peer leased. */
    public static final int REFUSED_ALL_LEASED = -1;
    /** {@link #next} found {@code maxPeers} other peers holding leases. */
    public static final int REFUSED_TOO_MANY_PEERS = -2;

    /** Refusals since the allocator was made, by {@link #next} and {@link #wouldRefuse} alike. */
    public record Refusals(long allLeased, long tooManyPeers) {
        public long total() {
            return allLeased + tooManyPeers;
        }
    }

    private static final long LIFETIME_NANOS = EXCHANGE_LIFETIME.toNanos();

    private final LongSupplier nanoClock;
    /** In the order peers were last asked for: the eldest is the first whose leases can end. Guarded by this. */
    private final Map<InetSocketAddress, PeerMessageIds> peers = new LinkedHashMap<>(16, 0.75f, true);
    private int maxPeers;
    private long refusedAllLeased;
    private long refusedTooManyPeers;

    /**
     * @param maxPeers peers with leases remembered at once
     * @param nanoClock a monotonic clock in nanoseconds
     */
    public MessageIdAllocator(int maxPeers, LongSupplier nanoClock) {
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        setMaxPeers(maxPeers);
    }

    /**
     * Changes how many peers may hold leases at once. Fewer than hold some now: the others keep theirs until they end,
     * and new peers are refused until then.
     */
    public synchronized void setMaxPeers(int maxPeers) {
        if (maxPeers < 1) {
            throw new IllegalArgumentException("maxPeers " + maxPeers + " < 1");
        }
        this.maxPeers = maxPeers;
    }

    /**
     * @return a message ID for the next message to {@code peer} that it was not given within
     *         {@link #EXCHANGE_LIFETIME}, or {@link #REFUSED_ALL_LEASED} or {@link #REFUSED_TOO_MANY_PEERS}
     */
    public synchronized int next(InetSocketAddress peer) {
        long now = nanoClock.getAsLong();
        PeerMessageIds ids = remembered(peer, now);
        if (ids == null) {
            if (full()) {
                return refused(REFUSED_TOO_MANY_PEERS);
            }
            ids = new PeerMessageIds(ThreadLocalRandom.current().nextInt(PeerMessageIds.SPACE), now);
            peers.put(peer, ids);
        }
        int id = ids.take(now, LIFETIME_NANOS);
        return id < 0 ? refused(REFUSED_ALL_LEASED) : id;
    }

    /**
     * Whether {@link #next} would give {@code peer} an ID now, without taking one: so that a request whose answer
     * could not be numbered is refused before it is executed. A refusal is counted as {@code next}'s are.
     *
     * @return 0 if an ID is free, else {@link #REFUSED_ALL_LEASED} or {@link #REFUSED_TOO_MANY_PEERS}
     */
    public synchronized int wouldRefuse(InetSocketAddress peer) {
        long now = nanoClock.getAsLong();
        PeerMessageIds ids = remembered(peer, now);
        if (ids == null) {
            return full() ? refused(REFUSED_TOO_MANY_PEERS) : 0;
        }
        return ids.canTake(now) ? 0 : refused(REFUSED_ALL_LEASED);
    }

    /** @return the refusals so far */
    public synchronized Refusals refusals() {
        return new Refusals(refusedAllLeased, refusedTooManyPeers);
    }

    /** @return the peers remembered now (each holds a lease) */
    public synchronized int peers() {
        forgetPeersWithoutLeases(nanoClock.getAsLong());
        return peers.size();
    }

    private PeerMessageIds remembered(InetSocketAddress peer, long now) {
        forgetPeersWithoutLeases(now);
        return peers.get(peer);
    }

    private boolean full() {
        return peers.size() >= maxPeers;
    }

    private int refused(int refusal) {
        if (refusal == REFUSED_ALL_LEASED) {
            refusedAllLeased++;
        } else {
            refusedTooManyPeers++;
        }
        return refusal;
    }

    /**
     * Drops the eldest peers while their leases have ended: amortised constant time, since each peer is dropped once.
     * A peer refused lately counts as young although its last ID may be older; it is then kept a little longer than
     * needed, which costs a place in the table and never hands out an ID early.
     */
    private void forgetPeersWithoutLeases(long now) {
        Iterator<PeerMessageIds> eldest = peers.values().iterator();
        while (eldest.hasNext() && eldest.next().allLeasesEnded(now)) {
            eldest.remove();
        }
    }
}
