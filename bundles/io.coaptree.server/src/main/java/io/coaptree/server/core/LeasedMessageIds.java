package io.coaptree.server.core;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.californium.core.network.MessageIdProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.server.messageid.MessageIdAllocator;
import io.coaptree.server.options.ServerOptions;

/**
 * Gives Californium the server's message IDs from one {@link MessageIdAllocator}, shared by every endpoint of the
 * server and kept across re-binding.
 * <p>
 * Why not Californium's own provider: it leases IDs for the configured {@code EXCHANGE_LIFETIME}, which the server
 * sets to {@code limits.exchange.lifetime.seconds} (60 s by default) to bound deduplication memory, not to RFC 7252's
 * 247 s; it forgets a peer after Californium's {@code MAX_PEER_INACTIVITY_PERIOD} of silence, however recent its IDs;
 * and each new endpoint (every configuration change) would start with no memory of the IDs the last one gave.
 * <p>
 * A refusal is an {@link IllegalStateException}, which Californium (3.14) turns into a send error of that message
 * ("automatic message IDs exhausted"): the message is not sent (an Observe notification is skipped, its relation
 * stays), a request the gateway sends (the Resource Directory's simple-registration fetch) fails with that error.
 * {@link MessageIdAdmission} asks {@link #canNumber} first for NON requests. Refusals are counted by the allocator and
 * logged here at most once a minute.
 */
final class LeasedMessageIds implements MessageIdProvider {

    private static final Logger LOG = LoggerFactory.getLogger(LeasedMessageIds.class);
    private static final long WARNING_INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final String LIFETIME = MessageIdAllocator.EXCHANGE_LIFETIME.toSeconds()
            + " s (RFC 7252 EXCHANGE_LIFETIME)";

    private final MessageIdAllocator allocator;
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARNING_INTERVAL_NANOS);
    private final AtomicLong refusedSinceWarning = new AtomicLong();

    LeasedMessageIds(MessageIdAllocator allocator) {
        this.allocator = allocator;
    }

    MessageIdAllocator allocator() {
        return allocator;
    }

    @Override
    public int getNextMessageId(InetSocketAddress destination) {
        int id = allocator.next(destination);
        if (id >= 0) {
            return id;
        }
        String reason = reason(id);
        warn(destination, reason);
        throw new IllegalStateException("no message ID for " + destination + ": " + reason);
    }

    /**
     * @return whether a message to {@code peer} would get an ID now; if not, the refusal is counted and logged as one
     *         of {@link #getNextMessageId}'s
     */
    boolean canNumber(InetSocketAddress peer) {
        int refusal = allocator.wouldRefuse(peer);
        if (refusal == 0) {
            return true;
        }
        warn(peer, reason(refusal));
        return false;
    }

    private static String reason(int refusal) {
        return refusal == MessageIdAllocator.REFUSED_TOO_MANY_PEERS
                ? ServerOptions.MAX_PEERS + " other peers hold message IDs given within the last " + LIFETIME
                : "every message ID towards it was given within the last " + LIFETIME;
    }

    private void warn(InetSocketAddress peer, String reason) {
        refusedSinceWarning.incrementAndGet();
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARNING_INTERVAL_NANOS && lastWarning.compareAndSet(last, now)) {
            MessageIdAllocator.Refusals all = allocator.refusals();
            LOG.warn("{} message(s) not sent or NON request(s) refused since the last warning, rather than a message "
                    + "ID used again; the latest to {}: {}. Refused so far: {} with every ID leased, {} with too many "
                    + "peers", refusedSinceWarning.getAndSet(0), peer, reason, all.allLeased(), all.tooManyPeers());
        }
    }
}
