package io.coaptree.remotequery.observe;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.correlation.PendingRequests;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.tree.model.NodeAddress;

/**
 * Every Observe relation (RFC 7641) this gateway relays across the tree, and the rule they live by. A relation
 * passes three kinds of place, and this table holds what each needs:
 * <ul>
 * <li>at the entry gateway, the client's relation ({@link ClientRelay}): the client's exchange (an opaque key here),
 * the remote relation it started, and the order of the notifications relayed to the client
 * ({@link NotificationOrder});</li>
 * <li>at every hop that forwards the registration, the relation by its upstream key (the previous hop and its
 * correlation id, or the local client): the correlation id it was forwarded under and the next hop, so that a cancel
 * from upstream can follow it down ({@link Forwarded});</li>
 * <li>at the owner, the relation on this gateway's own server by its upstream key, to cancel it.</li>
 * </ul>
 * A forwarded relation's pending entry stays open as long as notifications keep coming: each renews its lease
 * ({@link #after}, the {@link PendingRequests.Lease} of the gateway's pending requests); a final response ends it, and
 * so does a lease that runs out. Thread-safe.
 */
public final class ObserveRelays implements PendingRequests.Lease {

    /** The Observe option of a registration (RFC 7641, section 2). */
    public static final int REGISTER = 0;
    /** The Observe option of a deregistration: a cancel travelling down the tree. */
    public static final int DEREGISTER = 1;

    /** A registration forwarded to {@code downstream} under this gateway's {@code correlationId}. */
    public record Forwarded(long correlationId, NodeAddress downstream) {
    }

    private final long leaseMillis;
    private final Map<String, Forwarded> forwarded = new ConcurrentHashMap<>();
    private final Map<String, CancellableExchange> local = new ConcurrentHashMap<>();
    private final Map<Object, ClientRelay> clients = new ConcurrentHashMap<>();

    /** @param leaseMillis how long a relation stays open after a notification ({@code remotequery.observe.lease.ms}) */
    public ObserveRelays(long leaseMillis) {
        this.leaseMillis = leaseMillis;
    }

    /**
     * The lease: a successful answer with an Observe number (or a notification) keeps the relation open for another
     * {@code leaseMillis}; anything else closes it.
     */
    @Override
    public long after(CoapEnvelope response) {
        boolean continues = response.continuesObservation() || response.kind() == EnvelopeKind.NOTIFICATION;
        return continues ? leaseMillis : CLOSE;
    }

    /** The registration of {@code upstreamKey} went to {@code downstream} under {@code correlationId}. */
    public void forwarded(String upstreamKey, long correlationId, NodeAddress downstream) {
        forwarded.put(upstreamKey, new Forwarded(correlationId, downstream));
    }

    /** The forwarded relation of {@code upstreamKey} ended downstream (a final answer, or no answer in time). */
    public void forwardedEnded(String upstreamKey) {
        forwarded.remove(upstreamKey);
    }

    /** {@code upstreamKey} observes a resource of this gateway's own server through {@code exchange}. */
    public void observingLocally(String upstreamKey, CancellableExchange exchange) {
        local.put(upstreamKey, exchange);
    }

    /** The local relation of {@code upstreamKey} ended with a final answer. */
    public void localEnded(String upstreamKey) {
        local.remove(upstreamKey);
    }

    /** Whether a relation of {@code upstreamKey} is relayed here, forwarded or on the local server. */
    public boolean isRelayed(String upstreamKey) {
        return forwarded.containsKey(upstreamKey) || local.containsKey(upstreamKey);
    }

    /**
     * Ends the relation of {@code upstreamKey} (its client cancelled): a forwarded one is handed to
     * {@code cancelDownstream} (which forgets its pending entry and tells the next hop), a local one is cancelled.
     */
    public void end(String upstreamKey, Consumer<Forwarded> cancelDownstream) {
        Forwarded relay = forwarded.remove(upstreamKey);
        if (relay != null) {
            cancelDownstream.accept(relay);
        }
        CancellableExchange exchange = local.remove(upstreamKey);
        if (exchange != null) {
            exchange.cancel();
        }
    }

    /** Cancels every relation on the local server (remote queries stop). */
    public void endLocalRelations() {
        List<CancellableExchange> exchanges = List.copyOf(local.values());
        local.clear();
        exchanges.forEach(CancellableExchange::cancel);
    }

    /**
     * What a client's request at this entry gateway needs to become a relayed relation; it is in the table only once
     * {@link ClientRelay#relaying} was called and until the relation ends.
     *
     * @param client the client's exchange, as the CoAP glue knows it
     */
    public ClientRelay clientRelay(Object client) {
        return new ClientRelay(client);
    }

    /** The client ended its relation (cancel, reset, a lapsed notification): ends the remote relation too. */
    public void clientEnded(Object client) {
        ClientRelay relay = clients.remove(client);
        if (relay != null) {
            relay.remote.cancel();
        }
    }

    /** Ends every client's remote relation (remote queries stop). */
    public void endClientRelations() {
        List<ClientRelay> relays = List.copyOf(clients.values());
        clients.clear();
        relays.forEach(relay -> relay.remote.cancel());
    }

    /**
     * One client's request at the entry gateway, and, once it is {@link #relaying}, its relayed relation. Callers
     * that hand its answers to the client hold its lock from {@link #numberFor} to sending, so that the numbers
     * reach the client in the order they were given.
     */
    public final class ClientRelay {

        /** What {@link #numberFor} answers for a notification that must not be sent. */
        public static final int OVERTAKEN = -1;

        private final Object client;
        private final NotificationOrder order = new NotificationOrder();
        private volatile boolean ended;
        private volatile CancellableExchange remote = CancellableExchange.NONE;

        private ClientRelay(Object client) {
            this.client = client;
        }

        /** Keeps {@code remoteRelation} as the client's relation, unless a final answer already ended it. */
        public void relaying(CancellableExchange remoteRelation) {
            if (ended) {
                return;
            }
            remote = remoteRelation;
            clients.put(client, this);
            if (ended) { // the final answer came while it was put
                clients.remove(client, this);
            }
        }

        /**
         * The Observe number to send a notification with, judged by the number the resource gave it
         * ({@link NotificationOrder}), or {@link #OVERTAKEN} when a newer one was sent already.
         */
        public int numberFor(int originNumber, long nowNanos) {
            return order.accept(originNumber, nowNanos) ? order.nextNumber() : OVERTAKEN;
        }

        /** A final answer (not a notification) ends the relation. */
        public void ended() {
            ended = true;
            clients.remove(client, this);
        }
    }
}
