package io.coaptree.remotequery.forwarding;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.admission.Admission;
import io.coaptree.remotequery.correlation.PendingRequests;
import io.coaptree.remotequery.node.ErrorAnswer;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.node.Upstream;
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.routing.ReplicaChooser;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Sends envelopes to other gateways and matches their replies. A request for the next hop gets a pending entry (a new
 * correlation id and a deadline, {@link PendingRequests}) and goes on the next hop's {@code query} topic; its answers
 * come back on this gateway's {@code reply} topic and are handed to the entry with their correlation id. A resource
 * request is sent only if {@link Admission} expects it answered in time (else 5.03 with a Max-Age at once), and is
 * answered 5.04 when its deadline passes. A registration forwarded for an Observe relation is kept in the
 * {@link ObserveRelays} so that a cancel can follow it; a notification nobody waits for any more is answered by a
 * cancel towards its sender.
 */
public final class Forwarder {

    private static final Logger LOG = LoggerFactory.getLogger(Forwarder.class);
    /**
     * How long the shortest answer time of a next hop counts as its path's latency in the admission estimate: long
     * enough to span bursts, short enough to follow a path that got slower for good (a re-attached subtree).
     */
    private static final long ADMISSION_LATENCY_WINDOW_MILLIS = 10_000;

    private final NodeAddress self;
    private final TreeTopics topics;
    private final EnvelopeCodec codec;
    private final RemoteQueryOptions options;
    private final ObserveRelays relays;
    private final PendingRequests pending;
    private final Admission admission;
    private final ReplicaLoad replicas;
    private volatile MessageBus bus;
    private volatile DroppedMessages refusals;

    public Forwarder(NodeAddress self, TreeTopics topics, EnvelopeCodec codec, RemoteQueryOptions options,
            Clock clock, ObserveRelays relays) {
        this.self = Objects.requireNonNull(self, "self");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.options = Objects.requireNonNull(options, "options");
        this.relays = Objects.requireNonNull(relays, "relays");
        this.pending = new PendingRequests(clock, options.maxPending(), relays);
        this.admission = new Admission(clock, options.admissionMaxWaitMillis(), options.admissionMaxPerHop(),
                ADMISSION_LATENCY_WINDOW_MILLIS);
        this.replicas = new ReplicaLoad(options.replicaSpreading());
    }

    /** Publishes on {@code messageBus}; what arrives on the reply topic unusable is reported to {@code refusals}. */
    public void start(MessageBus messageBus, DroppedMessages refusalCounts) {
        this.refusals = Objects.requireNonNull(refusalCounts, "refusals");
        this.bus = Objects.requireNonNull(messageBus, "messageBus");
    }

    /**
     * Answers every request still waiting (a reconfiguration replaces the engine): 5.03 with a Max-Age, the same as
     * any temporary refusal, rather than leave the callers to their own timeouts. The bus is still open here.
     */
    public void stop() {
        CoapEnvelope stopping = CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.SERVICE_UNAVAILABLE)
                .maxAge(1).contentFormat(CoapCodes.TEXT_PLAIN)
                .payload(("remote queries on " + self + " are restarting; retry").getBytes(StandardCharsets.UTF_8))
                .build();
        for (PendingRequests.Completion completion : pending.drain()) {
            try {
                completion.onResponse(stopping);
            } catch (RuntimeException e) {
                LOG.debug("{}: a waiting request could not be answered on stop: {}", self, e.toString());
            }
        }
    }

    /** The gateway's chooser among live replicas: by the requests it waits on from each. */
    public ReplicaChooser replicas() {
        return replicas;
    }

    /** Expires overdue requests and lapsed Observe relays. */
    public void sweep() {
        pending.sweep();
    }

    /** Requests and Observe relays this gateway is waiting on. */
    public int pendingCount() {
        return pending.size();
    }

    /** Requests for remote resources refused at once (5.03 with Max-Age) because they could not be answered in time. */
    public long admissionRefusedCount() {
        return admission.refusedCount();
    }

    /**
     * Sends a resource request towards {@code next} if it can be answered in time, and relays every answer (each
     * notification of an Observe relation) to {@code upstream}; 5.03 at once if not admitted, 5.04 after the request
     * timeout.
     *
     * @param destination the target as the client named it, for the diagnostic of a timeout
     */
    public void forwardResource(CoapEnvelope request, TreeMember next, String destination, Upstream upstream) {
        Admission.Decision decision = admission.admit(next.address().text(), options.requestTimeoutMillis());
        if (decision instanceof Admission.Refused refused) {
            // Refused before anything is sent: the client learns at once, and when to retry (RFC 7252, 5.9.3.4).
            upstream.reply(ErrorAnswer.to(request, CoapCodes.SERVICE_UNAVAILABLE, refused.reason()).toBuilder()
                    .maxAge(refused.retryAfterSeconds()).build());
            return;
        }
        Admission.Ticket ticket = ((Admission.Admitted) decision).ticket();
        send(request, next, options.requestTimeoutMillis(), upstream, new PendingRequests.Completion() {
            @Override
            public void onResponse(CoapEnvelope response) {
                ticket.answered();
                if (!response.continuesObservation()) {
                    relays.forwardedEnded(upstream.key());
                }
                upstream.reply(response);
            }

            @Override
            public void onCancelled() {
                ticket.abandoned();
            }

            @Override
            public void onTimeout() {
                ticket.abandoned();
                relays.forwardedEnded(upstream.key());
                upstream.reply(ErrorAnswer.to(request, CoapCodes.GATEWAY_TIMEOUT,
                        "no answer from " + destination + " within " + options.requestTimeoutMillis() + " ms"));
            }
        });
    }

    /** Sends one part of a lookup to {@code next}, without admission (a fan-out has its own shares of the timeout). */
    public void forwardLookup(CoapEnvelope request, TreeMember next, long timeoutMillis,
            PendingRequests.Completion completion) {
        send(request, next, timeoutMillis, null, completion);
    }

    private void send(CoapEnvelope request, TreeMember next, long timeoutMillis, Upstream upstream,
            PendingRequests.Completion completion) {
        PendingRequests.Completion tracked = replicas.track(next, completion);
        OptionalLong id = pending.open(timeoutMillis, next.address().text(), tracked);
        if (id.isEmpty()) {
            tracked.onResponse(ErrorAnswer.to(request, CoapCodes.SERVICE_UNAVAILABLE,
                    "too many pending remote requests (" + RemoteQueryOptions.MAX_PENDING + "=" + options.maxPending()
                            + ")"));
            return;
        }
        if (upstream != null && request.observe() == ObserveRelays.REGISTER) {
            relays.forwarded(upstream.key(), id.getAsLong(), next.address());
        }
        publish(next.address(), TopicKind.QUERY,
                request.toBuilder().correlationId(id.getAsLong()).sourceNode(self.text()).build());
    }

    /** Ends the relation of {@code upstreamKey} (its client cancelled), here and, if forwarded, downstream. */
    public void endRelation(String upstreamKey) {
        relays.end(upstreamKey, this::cancelDownstream);
    }

    private void cancelDownstream(ObserveRelays.Forwarded relay) {
        Optional<PendingRequests.Completion> cancelled = pending.cancel(relay.correlationId());
        if (cancelled.isPresent()) {
            cancelled.get().onCancelled();
            publish(relay.downstream(), TopicKind.QUERY, cancelOf(relay.correlationId()));
        }
    }

    /**
     * An envelope on this gateway's {@code reply} topic: an answer for a pending request, taken only from the gateway
     * that request was sent to. Anything else is refused as {@code unexpected-reply} (counted, logged rate limited).
     */
    public void onReply(String topic, int size, CoapEnvelope response) {
        if (response.kind() == EnvelopeKind.REQUEST) {
            refusals.drop(DropReason.TOPIC_MISMATCH, topic, response.sourceNode(), size,
                    "a REQUEST on a reply topic");
            return;
        }
        PendingRequests.Delivery delivery = pending.deliver(response);
        if (delivery == PendingRequests.Delivery.WRONG_SENDER) {
            // Only the gateway asked answers (its seal proved the sender); the request waits on for its answer.
            refusals.drop(DropReason.UNEXPECTED_REPLY, topic, response.sourceNode(), size, "correlation id "
                    + response.correlationId() + " belongs to a request sent to "
                    + pending.sentTo(response.correlationId()).orElse("another gateway"));
        } else if (delivery == PendingRequests.Delivery.UNKNOWN) {
            refusals.drop(DropReason.UNEXPECTED_REPLY, topic, response.sourceNode(), size,
                    "no request waits under correlation id " + response.correlationId());
            if (response.observe() != CoapEnvelope.ABSENT) {
                cancelRelationAt(response);
            }
        }
    }

    /** Nobody waits for this relation any more: tells its sender to stop relaying it. */
    private void cancelRelationAt(CoapEnvelope notification) {
        try {
            publish(NodeAddress.parse(String.valueOf(notification.sourceNode())), TopicKind.QUERY,
                    cancelOf(notification.correlationId()));
        } catch (InvalidNodeException e) {
            LOG.debug("{}: notification without a valid source node", self);
        }
    }

    private CoapEnvelope cancelOf(long correlationId) {
        return CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).correlationId(correlationId)
                .observe(ObserveRelays.DEREGISTER).sourceNode(self.text()).destinationNode("").build();
    }

    /** Publishes {@code envelope} on {@code to}'s topic of that kind, in the envelope's delivery class. */
    public void publish(NodeAddress to, TopicKind kind, CoapEnvelope envelope) {
        MessageBus b = bus;
        if (b == null) {
            throw new IllegalStateException("not started");
        }
        try {
            // An urgent envelope overtakes queued normal traffic and is never batched (the tree's delivery classes).
            b.publish(topics.topic(to, kind), codec.encode(envelope),
                    envelope.urgent() ? DeliveryClass.URGENT : DeliveryClass.NORMAL);
        } catch (EnvelopeCodecException e) {
            LOG.warn("{}: cannot encode an envelope for {}: {}", self, to, e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("{}: cannot publish to {}: {}", self, to, e.toString());
        }
    }
}
