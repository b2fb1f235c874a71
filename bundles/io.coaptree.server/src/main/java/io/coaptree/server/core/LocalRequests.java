package io.coaptree.server.core;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.coap.CoAP.Type;
import org.eclipse.californium.core.coap.EmptyMessage;
import org.eclipse.californium.core.coap.Message;
import org.eclipse.californium.core.coap.MessageObserver;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.coap.Token;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.network.serialization.UdpDataParser;
import org.eclipse.californium.core.network.serialization.UdpDataSerializer;
import org.eclipse.californium.elements.AddressEndpointContext;
import org.eclipse.californium.elements.Connector;
import org.eclipse.californium.elements.EndpointContextMatcher;
import org.eclipse.californium.elements.RawData;
import org.eclipse.californium.elements.RawDataChannel;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.util.ClockUtil;
import org.eclipse.californium.elements.util.ExecutorsUtil;
import org.eclipse.californium.elements.util.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.server.access.AccessCheckingDeliverer;
import io.coaptree.server.capacity.CallerClass;
import io.coaptree.server.capacity.CapacityPool;
import io.coaptree.server.capacity.ServerCapacity;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

/**
 * Runs requests for callers that are not on the network (remote queries from other gateways) through a Californium
 * endpoint of the server whose connector is in memory: the full CoAP stack (Observe, deduplication) and the server's
 * {@link AccessCheckingDeliverer} see the request as if it came from a peer authenticated as the caller. No socket, no
 * thread per request: one protocol thread serves every local request.
 * <p>
 * Every request gets a fresh synthetic peer (address and port walk through 127/8, message ids through 16 bits), so
 * deduplication never mistakes one caller's request for another's.
 */
final class LocalRequests implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalRequests.class);
    private static final InetSocketAddress CONNECTOR_ADDRESS = new InetSocketAddress(InetAddress.getLoopbackAddress(),
            0);

    /** One request in progress (or Observe relation) by its synthetic peer and token. */
    private record Key(InetSocketAddress peer, Token token) {
    }

    private static final class Pending {
        final Request request;
        final CompletableFuture<Response> first = new CompletableFuture<>();
        final AddressEndpointContext context;
        /** The capacity it holds until it is answered, or, for an Observe relation, until the relation ends. */
        final CapacityPool.Ticket ticket;

        Pending(Request request, AddressEndpointContext context, CapacityPool.Ticket ticket) {
            this.request = request;
            this.context = context;
            this.ticket = ticket;
        }
    }

    private final CoapEndpoint endpoint;
    private final MemoryConnector connector = new MemoryConnector();
    private final ScheduledExecutorService mainExecutor;
    private final ScheduledExecutorService secondaryExecutor;
    private final Map<Key, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();
    private final SecureRandom random = new SecureRandom();
    private final UdpDataSerializer serializer = new UdpDataSerializer();
    private final UdpDataParser parser = new UdpDataParser();
    private final ServerCapacity capacity;

    LocalRequests(CoapServer server, ServerOptions options, Supplier<AccessPolicy> policy, ServerCapacity capacity)
            throws IOException {
        Configuration config = CaliforniumSettings.configurationFor(options);
        // In memory there is no datagram limit: never split a response into blocks nobody would fetch.
        config.set(CoapConfig.MAX_MESSAGE_SIZE, Math.max(options.maxMessageSize(), options.maxResourceBodySize()));
        this.capacity = capacity;
        // Californium's own message IDs, not the server's RFC 7252 leases (LeasedMessageIds): nothing here is on a
        // network, the peers are synthetic and fromServer() deduplicates nothing, so an ID given again after
        // limits.exchange.lifetime.seconds misleads no one, and a busy relay (hundreds of notifications a second to
        // one synthetic peer) is not held to the 248 a second a real peer gets.
        this.endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
        this.mainExecutor = ExecutorsUtil.newScheduledThreadPool(1, new NamedThreadFactory("CoapTreeLocal#"));
        this.secondaryExecutor = ExecutorsUtil.newDefaultSecondaryScheduler("CoapTreeLocal(secondary)#");
        endpoint.setMessageDeliverer(new AccessCheckingDeliverer(server.getRoot(), config, policy));
        endpoint.setExecutors(mainExecutor, secondaryExecutor);
        endpoint.start();
    }

    CompletionStage<Response> execute(Request request, PeerIdentity caller, RequestOrigin origin) {
        CallerClass callerClass = CallerClass.of(caller, origin);
        // a client that reached this gateway is limited per address; relayed anonymous work was limited where it entered
        String address = origin.kind() == RequestOrigin.Kind.CLIENT ? origin.address() : null;
        CapacityPool.Decision decision = capacity.admit(request.isObserve(), callerClass, address);
        if (decision instanceof CapacityPool.Refusal refusal) {
            return refused(request, NetworkCapacity.refusalOf(refusal));
        }
        long n = sequence.getAndIncrement();
        InetSocketAddress peer = syntheticPeer(n >>> 16);
        AddressEndpointContext context = new AddressEndpointContext(peer, caller);
        byte[] token = new byte[8];
        random.nextBytes(token);
        request.setToken(new Token(token));
        request.setMID((int) (n & 0xFFFF));
        // NON: nothing to acknowledge in memory; the response comes back NON or piggy-backed alike.
        request.setType(Type.NON);
        Key key = new Key(peer, request.getToken());
        Pending entry = new Pending(request, context, (CapacityPool.Ticket) decision);
        pending.put(key, entry);
        if (request.isObserve()) {
            request.addMessageObserver(new MessageObserverAdapter() {
                @Override
                public void onCancel() {
                    if (pending.remove(key) != null) {
                        entry.ticket.release();
                        deregister(entry);
                    }
                }
            });
        }
        inject(serializer.getByteArray(request), context);
        return entry.first;
    }

    /** The refusal goes where any answer would: to the request's observers (an event stream, the tree) and the stage. */
    private static CompletionStage<Response> refused(Request request, Response refusal) {
        for (MessageObserver observer : request.getMessageObservers()) {
            try {
                observer.onResponse(refusal);
            } catch (RuntimeException e) {
                LOG.warn("an observer of a refused local request failed", e);
            }
        }
        return CompletableFuture.completedFuture(refusal);
    }

    /** Ends the server's Observe relation of a cancelled registration: the same GET with Observe 1. */
    private void deregister(Pending entry) {
        Request original = entry.request;
        Request cancel = new Request(original.getCode(), Type.NON);
        cancel.setOptions(original.getOptions());
        cancel.setObserveCancel();
        cancel.setToken(original.getToken());
        cancel.setMID((int) (sequence.getAndIncrement() & 0xFFFF));
        inject(serializer.getByteArray(cancel), entry.context);
    }

    private void inject(byte[] bytes, AddressEndpointContext context) {
        RawDataChannel receiver = connector.receiver;
        if (receiver == null) {
            throw new IllegalStateException("local endpoint not started");
        }
        receiver.receiveData(RawData.inbound(bytes, context, false, ClockUtil.nanoRealtime(), CONNECTOR_ADDRESS));
    }

    /** What the server sends back to a synthetic peer. */
    private void fromServer(RawData raw) {
        Message message;
        try {
            message = parser.parseMessage(raw.getBytes());
        } catch (RuntimeException e) {
            LOG.warn("unreadable local response: {}", e.toString());
            return;
        } finally {
            // As a socket connector does: the exchange keeps the context it was sent in, and the reply (the ACK of a
            // confirmable notification) is matched against it.
            raw.onContextEstablished(raw.getEndpointContext());
            raw.onSent();
        }
        if (!(message instanceof Response response)) {
            return; // empty ACK/RST: nothing waits for them
        }
        InetSocketAddress peer = raw.getInetSocketAddress();
        AddressEndpointContext context = new AddressEndpointContext(peer, null);
        if (response.getType() == Type.CON) {
            // Californium sends a notification confirmable now and then (observe.check.interval.count and .seconds)
            // and ends the relation when it is not acknowledged; the ACK is queued on the endpoint's executor.
            inject(serializer.getByteArray(emptyReply(EmptyMessage.newACK(response))), context);
        }
        Key key = new Key(peer, response.getToken());
        Pending entry = pending.get(key);
        if (entry != null && entry.request.isCanceled() && !entry.request.isObserve() && pending.remove(key, entry)) {
            entry.ticket.release(); // the caller gave up waiting; the work is done now
        }
        if (entry == null || entry.request.isCanceled()) {
            if (response.getOptions().hasObserve()) {
                // A notification for a relation nobody follows any more: reset it.
                inject(serializer.getByteArray(emptyReply(EmptyMessage.newRST(response))), context);
            }
            return;
        }
        boolean continues = entry.request.isObserve() && response.getOptions().hasObserve()
                && response.isSuccess();
        if (!continues && pending.remove(key) != null) {
            entry.ticket.release();
        }
        for (MessageObserver observer : entry.request.getMessageObservers()) {
            try {
                observer.onResponse(response);
            } catch (RuntimeException e) {
                LOG.warn("an observer of a local request failed", e);
            }
        }
        entry.first.complete(response);
    }

    /**
     * An empty ACK or RST as the wire has it: Californium's factories leave the token unset (its stack sets the empty
     * token when it sends one), and the serializer cannot write a message without one.
     */
    private static EmptyMessage emptyReply(EmptyMessage message) {
        message.setToken(Token.EMPTY);
        return message;
    }

    private static InetSocketAddress syntheticPeer(long index) {
        byte[] address = { 127, (byte) (index >>> 24), (byte) (index >>> 16), (byte) (index >>> 8) };
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), 1 + (int) (index & 0xFF));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    int pendingCount() {
        return pending.size();
    }

    @Override
    public void close() {
        endpoint.destroy();
        mainExecutor.shutdownNow();
        secondaryExecutor.shutdownNow();
        for (Pending entry : pending.values()) {
            entry.ticket.release();
            entry.first.completeExceptionally(new IOException("server closed"));
        }
        pending.clear();
    }

    /** The endpoint's connector: what the stack sends comes straight back here. */
    private final class MemoryConnector implements Connector {
        volatile RawDataChannel receiver;
        private volatile boolean running;

        @Override
        public void start() {
            running = true;
        }

        @Override
        public void stop() {
            running = false;
        }

        @Override
        public void destroy() {
            running = false;
        }

        @Override
        public void send(RawData msg) {
            if (running) {
                fromServer(msg);
            }
        }

        @Override
        public void setRawDataReceiver(RawDataChannel messageHandler) {
            receiver = messageHandler;
        }

        @Override
        public void setEndpointContextMatcher(EndpointContextMatcher matcher) {
            // every context is trusted: it was made here
        }

        @Override
        public InetSocketAddress getAddress() {
            return CONNECTOR_ADDRESS;
        }

        @Override
        public String getProtocol() {
            return "UDP";
        }

        @Override
        public boolean isRunning() {
            return running;
        }

        @Override
        public void processDatagram(java.net.DatagramPacket datagram) {
            // no datagrams in memory
        }

        @Override
        public String toString() {
            return "in-memory";
        }
    }
}
