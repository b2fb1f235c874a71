package io.coaptree.remotequery.forwarding;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.remotequery.correlation.PendingRequests;
import io.coaptree.remotequery.options.ReplicaSpreading;
import io.coaptree.remotequery.routing.ReplicaChooser;
import io.coaptree.tree.model.TreeMember;

/**
 * Spreads the requests that any replica of a path may serve, as {@code remotequery.replica.spreading} says: in turn,
 * or to the replica this gateway is waiting on least (requests forwarded to it and not answered yet; an Observe
 * relation counts until its first response), ties in turn. Only this gateway's own pending requests are known; that
 * is enough to steer away from a replica that has stopped answering before the tree marks it down. Thread-safe.
 */
final class ReplicaLoad implements ReplicaChooser {

    private final ReplicaSpreading spreading;
    /** One turn per path, so that choosing a relay among domain replicas does not skip a group replica's turn. */
    private final Map<String, AtomicLong> turnByPath = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> pendingByNode = new ConcurrentHashMap<>();

    ReplicaLoad(ReplicaSpreading spreading) {
        this.spreading = spreading;
    }

    @Override
    public TreeMember choose(List<TreeMember> replicas) {
        int size = replicas.size();
        AtomicLong turn = turnByPath.computeIfAbsent(replicas.get(0).path().text(), p -> new AtomicLong());
        int start = (int) Math.floorMod(turn.getAndIncrement(), (long) size);
        if (spreading == ReplicaSpreading.IN_TURN || size == 1) {
            return replicas.get(start);
        }
        TreeMember best = null;
        int bestLoad = Integer.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            TreeMember candidate = replicas.get((start + i) % size);
            int load = pending(candidate.name());
            if (load < bestLoad) {
                best = candidate;
                bestLoad = load;
            }
        }
        return best;
    }

    /** Requests forwarded to this gateway and not answered yet. */
    int pending(String node) {
        AtomicInteger count = pendingByNode.get(node);
        return count == null ? 0 : count.get();
    }

    /** Counts a request to {@code next} until its first response or its timeout. */
    PendingRequests.Completion track(TreeMember next, PendingRequests.Completion completion) {
        AtomicInteger count = pendingByNode.computeIfAbsent(next.name(), n -> new AtomicInteger());
        count.incrementAndGet();
        return new PendingRequests.Completion() {
            private final AtomicBoolean open = new AtomicBoolean(true);

            private void done() {
                if (open.compareAndSet(true, false)) {
                    count.decrementAndGet();
                }
            }

            @Override
            public void onResponse(CoapEnvelope response) {
                done();
                completion.onResponse(response);
            }

            @Override
            public void onTimeout() {
                done();
                completion.onTimeout();
            }
        };
    }
}
