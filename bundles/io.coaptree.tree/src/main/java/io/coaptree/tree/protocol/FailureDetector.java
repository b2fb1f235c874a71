package io.coaptree.tree.protocol;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.model.Liveness;
import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeCollections;
import io.coaptree.tree.model.TreeMember;

/**
 * Marks silent members down and forgets long-dead ones, with last wills as hints, never as proof.
 * <p>
 * A member silent for the failure timeout is down. A will cannot be sealed (the broker publishes it long after it
 * was written), so anyone who can make the broker publish one, or publish on a gateway's {@code lwt} topic, could
 * otherwise mark a live gateway down (taking over its client id, on a broker that allows it, makes the broker publish
 * the gateway's will). A will therefore only shortens detection: a member whose will arrived is down when no
 * heartbeat of it follows within a heartbeat interval and two ticks (its next heartbeat was due by then; never more
 * than the failure timeout); a heartbeat after the will refutes it, so a gateway that keeps heartbeating is never
 * marked down by a will. Not thread-safe: the protocol calls it under its lock.
 */
final class FailureDetector {

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    private final long failureTimeoutMillis;
    private final long forgetAfterMillis;
    private final long willGraceMillis;
    /** Node name to when its will arrived; only for members of the view, so bounded by tree.max.members. */
    private final Map<String, Long> willsArrived = new HashMap<>();

    FailureDetector(long heartbeatIntervalMillis, long tickIntervalMillis, long failureTimeoutMillis,
            long forgetAfterMillis) {
        this.failureTimeoutMillis = failureTimeoutMillis;
        this.forgetAfterMillis = forgetAfterMillis;
        this.willGraceMillis = Math.min(failureTimeoutMillis, heartbeatIntervalMillis + 2 * tickIntervalMillis);
    }

    /** How long after its will a member that sent no heartbeat is marked down. */
    long willGraceMillis() {
        return willGraceMillis;
    }

    /** A will of {@code member} (of its current incarnation, or of any) arrived. */
    void willArrived(TreeMember member, long now) {
        if (member.isUp()) {
            willsArrived.putIfAbsent(member.name(), now);
        }
    }

    /** Whether a will of the member arrived and no heartbeat refuted it yet. */
    boolean willPending(String name) {
        return willsArrived.containsKey(name);
    }

    /** The member left, was replaced or forgotten: its will no longer matters. */
    void forget(String name) {
        willsArrived.remove(name);
    }

    /** Marks down the silent members of {@code tree} other than {@code selfName}, and forgets long-dead ones. */
    void detect(TreeCollections tree, String selfName, long now, List<TreeChange> changes) {
        for (TreeMember member : new ArrayList<>(tree.members())) {
            if (member.name().equals(selfName)) {
                continue;
            }
            long silence = now - member.lastSeenMillis();
            boolean willConfirmed = willConfirmed(member, now);
            if (member.isUp() && (silence > failureTimeoutMillis || willConfirmed)) {
                tree.put(member.withLiveness(Liveness.DOWN));
                changes.add(TreeChange.of(TreeChange.Kind.DOWN, member));
                LOG.warn("{} is down: {}no heartbeat for {} ms", member.address(),
                        willConfirmed ? "its last will arrived and " : "", silence);
            } else if (!member.isUp() && silence > forgetAfterMillis) {
                tree.remove(member.name());
                forget(member.name());
                changes.add(TreeChange.of(TreeChange.Kind.LEFT, member));
            }
        }
    }

    /** Its will arrived more than the grace ago and no heartbeat came after it; a refuted will is forgotten. */
    private boolean willConfirmed(TreeMember member, long now) {
        Optional<Long> at = Optional.ofNullable(willsArrived.get(member.name()));
        if (at.isEmpty()) {
            return false;
        }
        if (!member.isUp() || member.lastSeenMillis() > at.get()) {
            forget(member.name());
            return false;
        }
        if (now - at.get() < willGraceMillis) {
            return false;
        }
        forget(member.name());
        return true;
    }
}
