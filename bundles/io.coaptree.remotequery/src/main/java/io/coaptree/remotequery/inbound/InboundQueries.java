package io.coaptree.remotequery.inbound;

import java.util.Objects;
import java.util.Optional;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.forwarding.Forwarder;
import io.coaptree.remotequery.node.ErrorAnswer;
import io.coaptree.remotequery.node.Upstream;
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.remotequery.voucher.CallerVouchers;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;

/**
 * Requests that arrive from the tree on this gateway's {@code query} topic. Only a request from a valid sender whose
 * caller identity (if any) is vouched for by its entry gateway goes on; a cancel ends the relation it names; every
 * other request is dispatched with the previous hop as its upstream, so that its answers go back on that hop's
 * {@code reply} topic under the hop's own correlation id.
 */
public final class InboundQueries {

    /** Where a request that may go on is handed: routed and run, here or further on. */
    @FunctionalInterface
    public interface Dispatch {
        void dispatch(CoapEnvelope request, Upstream upstream, Router.Arrival arrival);
    }

    private final NodeAddress self;
    private final CallerVouchers vouchers;
    private final ObserveRelays relays;
    private final Forwarder forwarder;
    private final Dispatch dispatch;
    private volatile DroppedMessages refusals;

    public InboundQueries(NodeAddress self, CallerVouchers vouchers, ObserveRelays relays, Forwarder forwarder,
            Dispatch dispatch) {
        this.self = Objects.requireNonNull(self, "self");
        this.vouchers = Objects.requireNonNull(vouchers, "vouchers");
        this.relays = Objects.requireNonNull(relays, "relays");
        this.forwarder = Objects.requireNonNull(forwarder, "forwarder");
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
    }

    /** @param refusalCounts where a request that cannot be used is reported (the gateway's one counter) */
    public void start(DroppedMessages refusalCounts) {
        this.refusals = Objects.requireNonNull(refusalCounts, "refusals");
    }

    /** An envelope on this gateway's {@code query} topic. */
    public void onQuery(String topic, int size, CoapEnvelope request) {
        if (request.kind() != EnvelopeKind.REQUEST) {
            refusals.drop(DropReason.TOPIC_MISMATCH, topic, request.sourceNode(), size,
                    "a " + request.kind() + " on a query topic");
            return;
        }
        NodeAddress previous;
        try {
            previous = NodeAddress.parse(String.valueOf(request.sourceNode()));
        } catch (InvalidNodeException e) {
            refusals.drop(DropReason.INVALID_SENDER, topic, request.sourceNode(), size, e.getMessage());
            return;
        }
        if (!vouchedFor(topic, size, request, previous)) {
            return;
        }
        String key = previous.text() + "#" + request.correlationId();
        if (request.observe() == ObserveRelays.DEREGISTER && relays.isRelayed(key)) {
            forwarder.endRelation(key);
            return;
        }
        if (request.observe() == ObserveRelays.DEREGISTER && request.path().isEmpty()) {
            return; // a cancel for a relation that already ended
        }
        Upstream upstream = new Upstream() {
            @Override
            public void reply(CoapEnvelope response) {
                forwarder.publish(previous, TopicKind.REPLY, response.toBuilder()
                        .correlationId(request.correlationId()).sourceNode(self.text())
                        .destinationNode(previous.text()).build());
            }

            @Override
            public String key() {
                return key;
            }
        };
        Router.Arrival arrival = previous.path().equals(self.path()) ? Router.Arrival.SIBLING
                : previous.path().contains(self.path()) ? Router.Arrival.ABOVE : Router.Arrival.BELOW;
        dispatch.dispatch(request, upstream, arrival);
    }

    /**
     * A caller identity counts only with its entry gateway's voucher: false after refusing the request (counted,
     * logged, answered 4.01 Unauthorized), true when it may go on. Every hop checks, so a bad one stops early.
     */
    private boolean vouchedFor(String topic, int size, CoapEnvelope request, NodeAddress previous) {
        Optional<CallerVouchers.Rejection> refusal = vouchers.check(request);
        if (refusal.isEmpty()) {
            return true;
        }
        CallerVouchers.Rejection r = refusal.get();
        refusals.drop(r.reason(), topic, r.claimedSender(), size, r.detail());
        forwarder.publish(previous, TopicKind.REPLY, ErrorAnswer.to(request, CoapCodes.UNAUTHORIZED,
                "the caller's identity is not vouched for by its entry gateway").toBuilder()
                .sourceNode(self.text()).destinationNode(previous.text()).build());
        return false;
    }
}
