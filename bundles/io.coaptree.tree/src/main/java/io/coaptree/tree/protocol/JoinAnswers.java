package io.coaptree.tree.protocol;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a member answers other gateways' join requests: at most one answer per tick interval, whatever their number.
 * <p>
 * A member welcomes a newcomer with a heartbeat, so that the newcomer's view is complete when its join window
 * closes (at least one tick long). Every join request goes to every member, and every heartbeat is signed by its
 * sender and checked by every member: unbounded, one join request made N signatures and N x N checks in a tree of N
 * gateways, so a gateway (or a stolen key) repeating join requests would load every gateway of the tree. Here a
 * request that arrives within a tick interval of this member's last heartbeat is answered by the next heartbeat,
 * sent at the first tick a full interval after that one: one heartbeat answers every request of the interval. The
 * same bound holds for refusals of a newcomer claiming this member's name (the newcomer also refuses itself on our
 * heartbeats). Requests answered that way are counted and logged at most once per warning interval. Not
 * thread-safe: the protocol calls it under its lock.
 */
final class JoinAnswers {

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    private final long minGapMillis;
    private final long logIntervalMillis;
    private long lastHeartbeatAt = Long.MIN_VALUE / 2;
    private long lastRefusalAt = Long.MIN_VALUE / 2;
    private boolean heartbeatOwed;
    private long coalesced;
    private long loggedCoalesced;
    private long loggedAt = Long.MIN_VALUE / 2;

    /**
     * @param minGapMillis      the tick interval: at most one answer per this
     * @param logIntervalMillis at most one log line per this
     */
    JoinAnswers(long minGapMillis, long logIntervalMillis) {
        this.minGapMillis = minGapMillis;
        this.logIntervalMillis = logIntervalMillis;
    }

    /** A join request of another gateway arrived: whether to welcome it with a heartbeat now. */
    boolean welcomeNow(long now) {
        if (now - lastHeartbeatAt >= minGapMillis) {
            return true;
        }
        heartbeatOwed = true;
        coalesced++;
        return false;
    }

    /** A newcomer claims this gateway's name: whether to refuse it now (else our next heartbeat tells it). */
    boolean refuseNow(long now) {
        if (now - lastRefusalAt >= minGapMillis) {
            lastRefusalAt = now;
            return true;
        }
        coalesced++;
        return false;
    }

    /** Whether the tick owes a heartbeat to join requests that came too soon after the last one. */
    boolean heartbeatDue(long now) {
        return heartbeatOwed && now - lastHeartbeatAt >= minGapMillis;
    }

    /** A heartbeat went out (a regular one or an answer): it answers every request so far. */
    void heartbeatSent(long now) {
        lastHeartbeatAt = now;
        heartbeatOwed = false;
    }

    /** Join requests answered by an earlier or later heartbeat rather than one of their own, since the start. */
    long coalesced() {
        return coalesced;
    }

    /** Logs the requests coalesced since the last line, at most once per interval; call from the tick. */
    void logCoalesced(long now, String self) {
        if (coalesced > loggedCoalesced && now - loggedAt >= logIntervalMillis) {
            LOG.warn("{}: {} join requests within a tick of an answer were answered together ({} in all): "
                    + "a gateway repeats join requests", self, coalesced - loggedCoalesced, coalesced);
            loggedCoalesced = coalesced;
            loggedAt = now;
        }
    }
}
