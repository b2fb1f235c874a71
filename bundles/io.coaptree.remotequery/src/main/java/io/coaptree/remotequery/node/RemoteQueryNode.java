package io.coaptree.remotequery.node;

import java.time.Clock;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.Supplier;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeBuilder;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.remotequery.forwarding.Forwarder;
import io.coaptree.remotequery.inbound.EnvelopeReceiver;
import io.coaptree.remotequery.inbound.InboundQueries;
import io.coaptree.remotequery.lookup.LocalLookups;
import io.coaptree.remotequery.lookup.LookupFanOut;
import io.coaptree.remotequery.observe.ObserveRelays;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.LearnedRoutes;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.routing.Router;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.remotequery.voucher.CallerVouchers;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The remote-query engine of one gateway (RemoteQuery), assembled from its parts: requests from the tree
 * ({@link InboundQueries}), what becomes of a request ({@link Dispatcher}: run here, forwarded, or a lookup), sending
 * and matching replies ({@link Forwarder}), lookups over a subtree ({@link LookupFanOut}) and the relayed Observe
 * relations ({@link ObserveRelays}). The CoAP server calls {@link #submit} only for requests under the tree URI
 * prefixes ({@link TreeUri}); local resources never reach it.
 * <p>
 * Time moves only in {@link #tick()}, called from the gateway's one scheduler; no thread is created here.
 */
public final class RemoteQueryNode {

    private final NodeAddress self;
    private final TreeTopics topics;
    private final EnvelopeCodec codec;
    private final CallerVouchers vouchers;
    private final ObserveRelays relays;
    private final Forwarder forwarder;
    private final Dispatcher dispatcher;
    private final InboundQueries inbound;
    private volatile MessageBus bus;

    private RemoteQueryNode(Builder b) {
        this.self = b.self;
        this.topics = b.topics;
        this.codec = b.codec;
        this.vouchers = new CallerVouchers(b.self, b.security);
        this.relays = new ObserveRelays(b.options.observeLeaseMillis());
        this.forwarder = new Forwarder(b.self, b.topics, b.codec, b.options, b.clock, relays);
        LearnedRoutes learned = new LearnedRoutes(b.clock, Dispatcher.ROUTE_LEASE_MILLIS,
                Dispatcher.MAX_LEARNED_ROUTES);
        LookupFanOut lookups = new LookupFanOut(b.self, b.tree, b.options, forwarder, b.localLookups, b.ownOrigin,
                b.synced, b.codec.limits().maxPayloadBytes(), learned);
        this.dispatcher = new Dispatcher(b.self, b.tree, b.options, b.local, relays, forwarder, lookups, learned);
        this.inbound = new InboundQueries(b.self, vouchers, relays, forwarder, dispatcher::dispatch);
    }

    /**
     * @param local runs requests on this gateway's own server
     * @param clock the clock of deadlines and leases (the gateway's, or a manual one in tests)
     */
    public static Builder builder(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, LocalExecutor local,
            RemoteQueryOptions options, Clock clock) {
        return new Builder(self, tree, topics, local, options, clock);
    }

    /**
     * Subscribes to this gateway's {@code query} and {@code reply} topics.
     *
     * @param refusals where an envelope that cannot be used is reported (the gateway's one counter, from the tree)
     */
    public void start(MessageBus messageBus, DroppedMessages refusals) {
        Objects.requireNonNull(refusals, "refusals");
        this.bus = Objects.requireNonNull(messageBus, "messageBus");
        forwarder.start(messageBus, refusals);
        inbound.start(refusals);
        messageBus.subscribe(topics.topic(self, TopicKind.QUERY),
                new EnvelopeReceiver(codec, refusals, inbound::onQuery));
        messageBus.subscribe(topics.topic(self, TopicKind.REPLY),
                new EnvelopeReceiver(codec, refusals, forwarder::onReply));
    }

    /** Unsubscribes, ends the relations on the local server and answers every request still waiting (5.03). */
    public void stop() {
        MessageBus b = bus;
        if (b != null) {
            b.unsubscribe(topics.topic(self, TopicKind.QUERY));
            b.unsubscribe(topics.topic(self, TopicKind.REPLY));
        }
        relays.endLocalRelations();
        forwarder.stop();
    }

    /** This gateway's address in the tree. */
    public NodeAddress self() {
        return self;
    }

    /** Expires overdue requests and lapsed Observe relays. */
    public void tick() {
        forwarder.sweep();
    }

    /** Requests and Observe relays this gateway is waiting on. */
    public int pendingCount() {
        return forwarder.pendingCount();
    }

    /** Requests for remote resources refused at once (5.03 with Max-Age) because they could not be answered in time. */
    public long admissionRefusedCount() {
        return forwarder.admissionRefusedCount();
    }

    /** The Observe relations relayed here; the CoAP glue keeps its clients' relations in it. */
    public ObserveRelays observeRelays() {
        return relays;
    }

    /**
     * Runs a client's request for a remote target. {@code request} carries the method, options, payload and
     * caller identity; path, query, correlation and node fields are filled in here.
     *
     * @return ends the request's Observe relation, if it has one
     */
    public CancellableExchange submit(RemoteTarget target, CoapEnvelope request, ResponseSink sink) {
        EnvelopeBuilder b = request.toBuilder().sourceNode(self.text());
        if (target instanceof RemoteTarget.Resource r) {
            b.path(r.path()).query(r.query()).destinationNode(r.node().text());
        } else if (target instanceof RemoteTarget.AnyReplica r) {
            b.path(r.path()).query(r.query()).destinationNode(r.destinationText());
        } else if (target instanceof RemoteTarget.Lookup l) {
            b.path(TreeUri.lookupPath(l.kind())).query(l.query()).destinationNode(l.scope().text());
        }
        String key = "local#" + (System.identityHashCode(sink) ^ System.nanoTime());
        Upstream upstream = new Upstream() {
            @Override
            public void reply(CoapEnvelope response) {
                sink.accept(response);
            }

            @Override
            public String key() {
                return key;
            }
        };
        dispatcher.dispatch(vouchers.vouched(b.build()), target, upstream, Router.Arrival.BELOW);
        return () -> forwarder.endRelation(key);
    }

    /**
     * The parts of a {@link RemoteQueryNode}: what every gateway has (its address, its view of the tree, its local
     * server, options and clock) in {@link RemoteQueryNode#builder}, the rest optional.
     */
    public static final class Builder {
        private final NodeAddress self;
        private final Supplier<TreeView> tree;
        private final TreeTopics topics;
        private final LocalExecutor local;
        private final RemoteQueryOptions options;
        private final Clock clock;
        private EnvelopeCodec codec = new EnvelopeCodec();
        private Predicate<String> ownOrigin = origin -> false;
        private Predicate<TreeMember> synced = child -> false;
        private TreeSecurity security = GatewaySecurity.none();
        private LocalLookups localLookups = LocalLookups.NONE;

        private Builder(NodeAddress self, Supplier<TreeView> tree, TreeTopics topics, LocalExecutor local,
                RemoteQueryOptions options, Clock clock) {
            this.self = Objects.requireNonNull(self, "self");
            this.tree = Objects.requireNonNull(tree, "tree");
            this.topics = Objects.requireNonNull(topics, "topics");
            this.local = Objects.requireNonNull(local, "local");
            this.options = Objects.requireNonNull(options, "options");
            this.clock = Objects.requireNonNull(clock, "clock");
        }

        /** The envelopes' codec and its limits (default: the codec's default limits). */
        public Builder codec(EnvelopeCodec envelopeCodec) {
            this.codec = Objects.requireNonNull(envelopeCodec, "codec");
            return this;
        }

        /**
         * Accepts the {@code scheme://host:port} origins of this gateway's own CoAP server, so that links the local
         * Resource Directory resolved against them are answered as tree paths (default: none).
         */
        public Builder ownOrigin(Predicate<String> origins) {
            this.ownOrigin = Objects.requireNonNull(origins, "ownOrigin");
            return this;
        }

        /**
         * Accepts the children whose whole subtree this gateway's directory already holds (RD synchronisation): a
         * resource lookup over a scope that contains this gateway answers for them from the local directory instead
         * of asking them (default: none).
         */
        public Builder synced(Predicate<TreeMember> children) {
            this.synced = Objects.requireNonNull(children, "synced");
            return this;
        }

        /**
         * Vouches for the callers of requests this gateway sends into the tree, and checks the vouchers of the
         * requests other gateways send: an identity without a voucher that holds is refused (default: none).
         */
        public Builder security(TreeSecurity treeSecurity) {
            this.security = Objects.requireNonNull(treeSecurity, "security");
            return this;
        }

        /** This gateway's Resource Directory, the local part of lookups (default: none, lookups only fan out). */
        public Builder localLookups(LocalLookups lookups) {
            this.localLookups = Objects.requireNonNull(lookups, "localLookups");
            return this;
        }

        public RemoteQueryNode build() {
            return new RemoteQueryNode(this);
        }
    }
}
