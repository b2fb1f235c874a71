package io.coaptree.remotequery.node;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.remotequery.admission.Admission;
import io.coaptree.remotequery.correlation.PendingRequests;
import io.coaptree.remotequery.routing.LookupAnswers;
import io.coaptree.remotequery.routing.LookupPlan;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.Route;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.security.SealRefusedException;
import io.coaptree.tree.security.SecurityMode;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The remote-query engine of one gateway (RQ in docs/design.md). The CoAP server calls {@link #submit} only for
 * requests under the tree URI prefixes ({@link TreeUri}); local resources never reach it.
 * <p>
 * Requests travel hop by hop between neighbours of the effective tree as {@link CoapEnvelope}s on the next
 * hop's {@code query} topic; each hop keeps a pending entry (new correlation id, deadline) and relays the answer
 * back on the previous hop's {@code reply} topic. Lookups spread down from the top of their scope; every hop
 * merges its own answer with its children's into one link-format answer. Expiry answers 5.04 (Gateway Timeout),
 * an unknown gateway 4.04, a known gateway that is down (or cut off) 5.03. An Observe relation keeps its pending
 * entries open on every hop, renewed by each notification, until the client cancels it, a final response
 * passes, or the lease runs out; a notification nobody waits for is answered by a cancel towards its sender.
 * <p>
 * Time moves only in {@link #tick()}, called from the gateway's one scheduler; no thread is created here.
 */
public final class RemoteQueryNode {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteQueryNode.class);
    private static final int OBSERVE_REGISTER = 0;
    private static final int OBSERVE_DEREGISTER = 1;
    /**
     * How long the shortest answer time of a next hop counts as its path's latency in the admission estimate: long
     * enough to span bursts, short enough to follow a path that got slower for good (a re-attached subtree).
     */
    private static final long ADMISSION_LATENCY_WINDOW_MILLIS = 10_000;

    /** Where an answer goes back to: the local client, or the previous hop. */
    private interface Upstream {
        void reply(CoapEnvelope response);

        /** Identifies the relation for cancels: previous hop and its correlation id. */
        String key();
    }

    /** A relayed Observe relation: our own correlation id and the hop we forwarded to. */
    private record Relay(long id, NodeAddress downstream) {
    }

    private final NodeAddress self;
    private final Supplier<TreeView> tree;
    private final TreeTopics topics;
    private final EnvelopeCodec codec;
    private final LocalExecutor local;
    private final TreeSecurity security;
    private final RemoteQueryOptions options;
    private final PendingRequests pending;
    private final Admission admission;
    private final LookupAnswers answers;
    private final Predicate<String> ownOrigin;
    private final Predicate<TreeMember> synced;
    private final Map<String, Relay> relaysByUpstream = new ConcurrentHashMap<>();
    private final Map<String, CancellableExchange> localObservations = new ConcurrentHashMap<>();
    private final ReplicaLoad replicas;
    private volatile MessageBus bus;
    private volatile DroppedMessages refusals;

    public RemoteQueryNode(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, EnvelopeCodec codec,
            LocalExecutor local, RemoteQueryOptions options, Clock clock) {
        this(self, tree, topics, codec, local, options, clock, origin -> false);
    }

    /**
     * @param ownOrigin accepts the {@code scheme://host:port} origins of this gateway's own CoAP server, so that links
     *            the local Resource Directory resolved against them are answered as tree paths
     */
    public RemoteQueryNode(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, EnvelopeCodec codec,
            LocalExecutor local, RemoteQueryOptions options, Clock clock, Predicate<String> ownOrigin) {
        this(self, tree, topics, codec, local, options, clock, ownOrigin, child -> false);
    }

    /**
     * @param synced accepts the children whose whole subtree this gateway's directory already holds (RD
     *            synchronisation): a resource lookup over a scope that contains this gateway answers for them from
     *            the local directory instead of asking them
     */
    public RemoteQueryNode(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, EnvelopeCodec codec,
            LocalExecutor local, RemoteQueryOptions options, Clock clock, Predicate<String> ownOrigin,
            Predicate<TreeMember> synced) {
        this(self, tree, topics, codec, local, options, clock, ownOrigin, synced, GatewaySecurity.none());
    }

    /**
     * @param security vouches for the callers of requests this gateway sends into the tree, and checks the
     *            vouchers of the requests other gateways send: an identity without a voucher that holds is refused
     */
    public RemoteQueryNode(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, EnvelopeCodec codec,
            LocalExecutor local, RemoteQueryOptions options, Clock clock, Predicate<String> ownOrigin,
            Predicate<TreeMember> synced, TreeSecurity security) {
        this.security = Objects.requireNonNull(security, "security");
        this.synced = Objects.requireNonNull(synced, "synced");
        this.ownOrigin = Objects.requireNonNull(ownOrigin, "ownOrigin");
        this.self = Objects.requireNonNull(self, "self");
        this.tree = Objects.requireNonNull(tree, "tree");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.local = Objects.requireNonNull(local, "local");
        this.options = Objects.requireNonNull(options, "options");
        this.pending = new PendingRequests(clock, options.maxPending(), options.observeLeaseMillis());
        this.admission = new Admission(clock, options.admissionMaxWaitMillis(), options.admissionMaxPerHop(),
                ADMISSION_LATENCY_WINDOW_MILLIS);
        this.replicas = new ReplicaLoad(options.replicaSpreading());
        // A merged answer may be as large as the codec carries: parse the parts with the same bounds, or big
        // subtrees would be dropped after crossing the tree.
        this.answers = new LookupAnswers(new LinkFormatParser(LinkFormatLimits.builder()
                .maxLinks(options.maxMergedLinks())
                .maxPayloadChars(codec.limits().maxPayloadBytes())
                .build()), options.maxMergedLinks());
    }

    public NodeAddress self() {
        return self;
    }

    /**
     * Subscribes to this gateway's {@code query} and {@code reply} topics.
     *
     * @param refusals where an envelope that cannot be used is reported (the gateway's one counter, from the tree)
     */
    public void start(MessageBus messageBus, DroppedMessages refusals) {
        this.refusals = Objects.requireNonNull(refusals, "refusals");
        this.bus = Objects.requireNonNull(messageBus, "messageBus");
        messageBus.subscribe(topics.topic(self, TopicKind.QUERY), new SenderBoundHandler(this::onQuery));
        messageBus.subscribe(topics.topic(self, TopicKind.REPLY), new SenderBoundHandler(this::onReply));
    }

    public void stop() {
        MessageBus b = bus;
        if (b != null) {
            b.unsubscribe(topics.topic(self, TopicKind.QUERY));
            b.unsubscribe(topics.topic(self, TopicKind.REPLY));
        }
        localObservations.values().forEach(CancellableExchange::cancel);
        localObservations.clear();
        // A reconfiguration replaces this engine: answer what it still waits for (5.03 with a Max-Age, the same as
        // any temporary refusal) rather than leave the callers to their own timeouts. The bus is still open here.
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

    /** Expires overdue requests and lapsed Observe relays. */
    public void tick() {
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
     * Runs a client's request for a remote target. {@code request} carries the method, options, payload and
     * caller identity; path, query, correlation and node fields are filled in here.
     */
    public CancellableExchange submit(RemoteTarget target, CoapEnvelope request, ResponseSink sink) {
        CoapEnvelope.Builder b = request.toBuilder().sourceNode(self.text());
        if (target instanceof RemoteTarget.Resource r) {
            b.path(r.path()).query(r.query()).destinationNode(r.node().text());
        } else if (target instanceof RemoteTarget.AnyReplica r) {
            b.path(r.path()).query(r.query()).destinationNode(r.destinationText());
        } else if (target instanceof RemoteTarget.Lookup l) {
            b.path(TreeUri.lookupPath(l.kind())).query(l.query()).destinationNode(l.scope().text());
        }
        if (request.identity() != null && security.mode() != SecurityMode.NONE) {
            b.voucher(security.vouch(VoucherStatement.of(self.text(), b.build())));
        }
        long token = System.identityHashCode(sink) ^ System.nanoTime();
        Upstream upstream = new Upstream() {
            @Override
            public void reply(CoapEnvelope response) {
                sink.accept(response);
            }

            @Override
            public String key() {
                return "local#" + token;
            }
        };
        dispatch(b.build(), target, upstream, Router.Arrival.BELOW);
        return () -> cancelRelation(upstream.key());
    }

    /** A request from another gateway names its target in the envelope: read it once, then as a local one. */
    private void dispatch(CoapEnvelope request, Upstream upstream, Router.Arrival arrival) {
        RemoteTarget target;
        try {
            Optional<String> lookupKind = TreeUri.lookupKind(request.path());
            target = lookupKind.isPresent()
                    ? new RemoteTarget.Lookup(NodePath.parse(request.destinationNode()), lookupKind.get(),
                            request.query())
                    : TreeUri.resourceTarget(request.destinationNode(), request.path(), request.query());
        } catch (InvalidNodeException e) {
            upstream.reply(error(request, CoapCodes.BAD_REQUEST, e.getMessage()));
            return;
        }
        dispatch(request, target, upstream, arrival);
    }

    private void dispatch(CoapEnvelope request, RemoteTarget target, Upstream upstream, Router.Arrival arrival) {
        if (target instanceof RemoteTarget.Lookup l) {
            lookup(request, l.kind(), l.scope(), upstream, arrival);
        } else if (target instanceof RemoteTarget.Resource r) {
            resource(request, Router.route(tree.get(), self, r.node(), replicas, options.directRoutes()),
                    r.node().toString(), upstream);
        } else if (target instanceof RemoteTarget.AnyReplica r) {
            resource(request, Router.routeToAnyReplica(tree.get(), self, r.node(), replicas,
                    options.directRoutes()),
                    r.destinationText(), upstream);
        }
    }

    private void resource(CoapEnvelope request, Route route, String destination, Upstream upstream) {
        if (route instanceof Route.Local) {
            CoapEnvelope localRequest = request.toBuilder().sourceNode(null).destinationNode(null).build();
            CancellableExchange exchange = local.execute(localRequest, response -> {
                if (!response.continuesObservation()) {
                    localObservations.remove(upstream.key());
                }
                upstream.reply(response);
            });
            if (request.observe() == OBSERVE_REGISTER) {
                localObservations.put(upstream.key(), exchange);
            }
        } else if (route instanceof Route.Forward f) {
            Admission.Decision decision = admission.admit(f.next().address().text(), options.requestTimeoutMillis());
            if (decision instanceof Admission.Refused refused) {
                // Refused before anything is sent: the client learns at once, and when to retry (RFC 7252, 5.9.3.4).
                upstream.reply(error(request, CoapCodes.SERVICE_UNAVAILABLE, refused.reason()).toBuilder()
                        .maxAge(refused.retryAfterSeconds()).build());
                return;
            }
            Admission.Ticket ticket = ((Admission.Admitted) decision).ticket();
            forward(request, f.next(), options.requestTimeoutMillis(), upstream, new PendingRequests.Completion() {
                @Override
                public void onResponse(CoapEnvelope response) {
                    ticket.answered();
                    if (!response.continuesObservation()) {
                        relaysByUpstream.remove(upstream.key());
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
                    relaysByUpstream.remove(upstream.key());
                    upstream.reply(error(request, CoapCodes.GATEWAY_TIMEOUT,
                            "no answer from " + destination + " within " + options.requestTimeoutMillis() + " ms"));
                }
            });
        } else if (route instanceof Route.Unknown u) {
            upstream.reply(error(request, CoapCodes.NOT_FOUND, u.reason()));
        } else if (route instanceof Route.Unreachable u) {
            upstream.reply(error(request, CoapCodes.SERVICE_UNAVAILABLE, u.reason()));
        }
    }

    private void lookup(CoapEnvelope request, String kind, NodePath scope, Upstream upstream,
            Router.Arrival arrival) {
        LookupPlan plan = Router.planLookup(tree.get(), self, scope, arrival, options.directRoutes());
        List<TreeMember> forwardTo = plan.forwardTo();
        if (plan.answerLocally() && !plan.upwards() && SyncedLookups.answerable(kind, request.query())) {
            // The local directory holds what these children synchronised; only the others are asked.
            forwardTo = forwardTo.stream().filter(synced.negate()).toList();
        }
        int parts = (plan.answerLocally() ? 1 : 0) + forwardTo.size();
        if (parts == 0) {
            upstream.reply(error(request, plan.upwards() ? CoapCodes.SERVICE_UNAVAILABLE : CoapCodes.NOT_FOUND,
                    "no live gateway serves the scope '" + scope.text() + "'"));
            return;
        }
        LookupGather gather = new LookupGather(parts, request, upstream);
        if (plan.answerLocally()) {
            CoapEnvelope localRequest = request.toBuilder().path("rd-lookup/" + kind).sourceNode(null)
                    .destinationNode(null).observe(CoapEnvelope.ABSENT).build();
            local.execute(localRequest, response -> gather.part(localAnswer(response), false));
        }
        // Each level down gets a shorter deadline, so partial answers from deeper levels still reach the origin.
        long timeout = plan.upwards() ? options.lookupTimeoutMillis()
                : options.lookupTimeoutMillis() * (3 - self.path().level().number()) / 4;
        for (TreeMember next : forwardTo) {
            forward(request, next, timeout, null, new PendingRequests.Completion() {
                @Override
                public void onResponse(CoapEnvelope response) {
                    gather.part(response.code() == CoapCodes.CONTENT
                            ? new String(response.payload(), StandardCharsets.UTF_8) : null,
                            response.code() == CoapCodes.GATEWAY_TIMEOUT);
                }

                @Override
                public void onTimeout() {
                    gather.part(null, true);
                }
            });
        }
    }

    private String localAnswer(CoapEnvelope response) {
        if (response.code() != CoapCodes.CONTENT) {
            return null;
        }
        try {
            return answers.toTreeLinks(self, new String(response.payload(), StandardCharsets.UTF_8), ownOrigin);
        } catch (LinkFormatParseException e) {
            LOG.warn("{}: the local lookup answer is not link-format: {}", self, e.getMessage());
            return null;
        }
    }

    /** Collects the parts of a lookup and answers once with their merge. */
    private final class LookupGather {
        private final CoapEnvelope request;
        private final Upstream upstream;
        private final List<String> received = new ArrayList<>();
        private int remaining;
        private boolean timedOut;

        LookupGather(int parts, CoapEnvelope request, Upstream upstream) {
            this.remaining = parts;
            this.request = request;
            this.upstream = upstream;
        }

        void part(String linkFormat, boolean partTimedOut) {
            CoapEnvelope result;
            synchronized (this) {
                if (remaining <= 0) {
                    return;
                }
                if (linkFormat != null) {
                    received.add(linkFormat);
                }
                timedOut |= partTimedOut;
                if (--remaining > 0) {
                    return;
                }
                if (received.isEmpty() && timedOut) {
                    result = error(request, CoapCodes.GATEWAY_TIMEOUT, "no gateway of the scope answered in time");
                } else {
                    result = CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT)
                            .correlationId(request.correlationId()).contentFormat(CoapCodes.LINK_FORMAT)
                            .payload(answers.merge(received).getBytes(StandardCharsets.UTF_8)).build();
                }
            }
            upstream.reply(result);
        }
    }

    private void forward(CoapEnvelope request, TreeMember next, long timeoutMillis, Upstream upstream,
            PendingRequests.Completion completion) {
        PendingRequests.Completion tracked = replicas.track(next, completion);
        OptionalLong id = pending.open(timeoutMillis, tracked);
        if (id.isEmpty()) {
            tracked.onResponse(error(request, CoapCodes.SERVICE_UNAVAILABLE,
                    "too many pending remote requests (remotequery.max.pending=" + options.maxPending() + ")"));
            return;
        }
        if (upstream != null && request.observe() == OBSERVE_REGISTER) {
            relaysByUpstream.put(upstream.key(), new Relay(id.getAsLong(), next.address()));
        }
        publish(next.address(), TopicKind.QUERY,
                request.toBuilder().correlationId(id.getAsLong()).sourceNode(self.text()).build());
    }

    private void cancelRelation(String upstreamKey) {
        Relay relay = relaysByUpstream.remove(upstreamKey);
        if (relay != null) {
            Optional<PendingRequests.Completion> cancelled = pending.cancel(relay.id());
            if (cancelled.isPresent()) {
                cancelled.get().onCancelled();
                publish(relay.downstream(), TopicKind.QUERY, cancelOf(relay.id()));
            }
        }
        CancellableExchange exchange = localObservations.remove(upstreamKey);
        if (exchange != null) {
            exchange.cancel();
        }
    }

    private CoapEnvelope cancelOf(long correlationId) {
        return CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).correlationId(correlationId)
                .observe(OBSERVE_DEREGISTER).sourceNode(self.text()).destinationNode("").build();
    }

    /**
     * Passes on what the bus delivers, with the sender its seal proved: an envelope must name that sender as its
     * source node (a gateway speaks only as itself); with no authentication the sender is not known (null).
     */
    private final class SenderBoundHandler implements MessageHandler {
        private final EnvelopeHandler handler;

        SenderBoundHandler(EnvelopeHandler handler) {
            this.handler = handler;
        }

        @Override
        public void onMessage(String topic, byte[] payload) {
            onMessage(topic, payload, null);
        }

        @Override
        public void onMessage(String topic, byte[] payload, String authenticatedSender) {
            CoapEnvelope envelope = decode(topic, payload);
            if (envelope == null) {
                return;
            }
            if (authenticatedSender != null && !authenticatedSender.equals(envelope.sourceNode())) {
                refusals.drop(DropReason.FORGED, topic, authenticatedSender, payload.length,
                        "sealed by " + authenticatedSender + " but names " + envelope.sourceNode() + " as sender");
                return;
            }
            handler.handle(topic, payload.length, envelope);
        }
    }

    @FunctionalInterface
    private interface EnvelopeHandler {
        void handle(String topic, int size, CoapEnvelope envelope);
    }

    /**
     * A caller identity counts only with its entry gateway's voucher: false after refusing the request (counted,
     * logged, answered 4.01 Unauthorized), true when it may go on. Every hop checks, so a bad one stops early.
     */
    private boolean vouchedFor(String topic, int size, CoapEnvelope request, NodeAddress previous) {
        if (request.identity() == null || security.mode() == SecurityMode.NONE) {
            return true;
        }
        DropReason reason;
        String detail;
        String claimed = request.sourceNode();
        byte[] voucher = request.voucher();
        if (voucher == null) {
            reason = DropReason.UNSIGNED;
            detail = "caller " + request.identity().type() + ":" + request.identity().name() + " without a voucher";
        } else {
            try {
                security.openVoucher(voucher, v -> VoucherStatement.matches(v.statement(), v.entry(), request));
                return true;
            } catch (SealRefusedException e) {
                reason = e.reason();
                claimed = e.claimedSender() != null ? e.claimedSender() : claimed;
                detail = "voucher: " + e.getMessage();
            }
        }
        refusals.drop(reason, topic, claimed, size, detail);
        publish(previous, TopicKind.REPLY, error(request, CoapCodes.UNAUTHORIZED,
                "the caller's identity is not vouched for by its entry gateway").toBuilder()
                .sourceNode(self.text()).destinationNode(previous.text()).build());
        return false;
    }

    private void onQuery(String topic, int size, CoapEnvelope request) {
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
        if (request.observe() == OBSERVE_DEREGISTER
                && (relaysByUpstream.containsKey(key) || localObservations.containsKey(key))) {
            cancelRelation(key);
            return;
        }
        if (request.observe() == OBSERVE_DEREGISTER && request.path().isEmpty()) {
            return; // a cancel for a relation that already ended
        }
        Upstream upstream = new Upstream() {
            @Override
            public void reply(CoapEnvelope response) {
                publish(previous, TopicKind.REPLY, response.toBuilder().correlationId(request.correlationId())
                        .sourceNode(self.text()).destinationNode(previous.text()).build());
            }

            @Override
            public String key() {
                return key;
            }
        };
        Router.Arrival arrival = previous.path().equals(self.path()) ? Router.Arrival.SIBLING
                : previous.path().contains(self.path()) ? Router.Arrival.ABOVE : Router.Arrival.BELOW;
        dispatch(request, upstream, arrival);
    }

    private void onReply(String topic, int size, CoapEnvelope response) {
        if (response.kind() == EnvelopeKind.REQUEST) {
            refusals.drop(DropReason.TOPIC_MISMATCH, topic, response.sourceNode(), size,
                    "a REQUEST on a reply topic");
            return;
        }
        if (!pending.deliver(response) && response.observe() != CoapEnvelope.ABSENT) {
            // Nobody waits for this relation any more: tell the sender to stop relaying it.
            try {
                publish(NodeAddress.parse(String.valueOf(response.sourceNode())), TopicKind.QUERY,
                        cancelOf(response.correlationId()));
            } catch (InvalidNodeException e) {
                LOG.debug("{}: notification without a valid source node", self);
            }
        }
    }

    /** The envelope, or null after reporting why it cannot be used (the sender is unknown until it is decoded). */
    private CoapEnvelope decode(String topic, byte[] payload) {
        if (payload.length > codec.limits().maxEncodedBytes()) {
            refusals.drop(DropReason.OVERSIZE, topic, null, payload.length,
                    "larger than " + codec.limits().maxEncodedBytes() + " bytes");
            return null;
        }
        try {
            return codec.decode(payload);
        } catch (EnvelopeCodecException e) {
            refusals.drop(DropReason.UNDECODABLE, topic, null, payload.length, e.getMessage());
            return null;
        }
    }

    private void publish(NodeAddress to, TopicKind kind, CoapEnvelope envelope) {
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

    private static CoapEnvelope error(CoapEnvelope request, int code, String diagnostic) {
        return CoapEnvelope.builder(EnvelopeKind.RESPONSE, code).correlationId(request.correlationId())
                .contentFormat(CoapCodes.TEXT_PLAIN).payload(diagnostic.getBytes(StandardCharsets.UTF_8))
                .urgent(request.urgent()).build();
    }
}
