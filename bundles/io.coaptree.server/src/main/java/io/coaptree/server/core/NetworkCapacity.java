package io.coaptree.server.core;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.coap.Token;
import org.eclipse.californium.core.network.Exchange;
import org.eclipse.californium.core.network.interceptors.MessageInterceptorAdapter;
import org.eclipse.californium.core.observe.ObserveRelation;
import org.eclipse.californium.core.server.MessageDeliverer;

import io.coaptree.api.PeerIdentity;
import io.coaptree.server.capacity.CallerClass;
import io.coaptree.server.capacity.CapacityPool;
import io.coaptree.server.capacity.ServerCapacity;

/**
 * The network endpoints' side of {@link ServerCapacity}: a request from a socket is admitted before anything runs it,
 * by its DTLS identity (none: anonymous, limited per IP address); it holds its ticket until its answer is sent, or, for
 * an Observe registration that succeeds, until the relation ends. Refused: 5.03 with a Max-Age at once. A request
 * whose answer never goes out (the client went away, the answer could not be numbered) gives its ticket back after the
 * exchange lifetime. One instance serves every endpoint of the server, so re-binding loses nothing.
 */
final class NetworkCapacity extends MessageInterceptorAdapter {

    private record Key(InetSocketAddress peer, Token token) {
    }

    private static final class Held {
        final CapacityPool.Ticket ticket;
        final boolean observe;
        final long admittedNanos;
        volatile boolean relation;

        Held(CapacityPool.Ticket ticket, boolean observe, long admittedNanos) {
            this.ticket = ticket;
            this.observe = observe;
            this.admittedNanos = admittedNanos;
        }
    }

    private static final long SWEEP_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final ServerCapacity capacity;
    private final LongSupplier nanoClock;
    private final Map<Key, Held> held = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep = new AtomicLong();
    private volatile long lifetimeNanos;

    NetworkCapacity(ServerCapacity capacity, LongSupplier nanoClock, int lifetimeSeconds) {
        this.capacity = capacity;
        this.nanoClock = nanoClock;
        this.lastSweep.set(nanoClock.getAsLong());
        setLifetime(lifetimeSeconds);
    }

    /** @param seconds how long an unanswered request keeps its ticket ({@code limits.exchange.lifetime.seconds}) */
    void setLifetime(int seconds) {
        lifetimeNanos = TimeUnit.SECONDS.toNanos(seconds);
    }

    /** A deliverer that admits each request before {@code next} sees it. */
    MessageDeliverer admitting(MessageDeliverer next) {
        return new MessageDeliverer() {
            @Override
            public void deliverRequest(Exchange exchange) {
                if (admit(exchange)) {
                    next.deliverRequest(exchange);
                }
            }

            @Override
            public void deliverResponse(Exchange exchange, Response response) {
                next.deliverResponse(exchange, response);
            }
        };
    }

    private boolean admit(Exchange exchange) {
        Request request = exchange.getRequest();
        Key key = new Key(request.getSourceContext().getPeerAddress(), request.getToken());
        if (held.containsKey(key)) {
            return true; // the same relation registered again: it holds its ticket already
        }
        sweep();
        boolean observe = request.getCode() == Code.GET && request.isObserve();
        boolean authenticated = PeerIdentity.of(request).isPresent();
        CapacityPool.Decision decision = capacity.admit(observe,
                authenticated ? CallerClass.AUTHENTICATED : CallerClass.ANONYMOUS,
                key.peer().getAddress().getHostAddress());
        if (decision instanceof CapacityPool.Refusal refusal) {
            exchange.sendResponse(refusalOf(refusal));
            return false;
        }
        held.put(key, new Held((CapacityPool.Ticket) decision, observe, nanoClock.getAsLong()));
        return true;
    }

    /** 5.03 with the time to retry (RFC 7252, 5.9.3.4) and why, as text. */
    static Response refusalOf(CapacityPool.Refusal refusal) {
        Response response = new Response(ResponseCode.SERVICE_UNAVAILABLE);
        response.setPayload(refusal.diagnostic());
        response.getOptions().setContentFormat(MediaTypeRegistry.TEXT_PLAIN).setMaxAge(refusal.retryAfterSeconds());
        return response;
    }

    /** The answer is going out: the request is done, unless it began an Observe relation. */
    @Override
    public void sendResponse(Response response) {
        Key key = new Key(response.getDestinationContext().getPeerAddress(), response.getToken());
        Held entry = held.get(key);
        if (entry == null) {
            return;
        }
        if (entry.observe && response.isSuccess() && response.getOptions().hasObserve()) {
            entry.relation = true;
            return;
        }
        release(key, entry);
    }

    /** Californium ended the relation (cancelled, deregistered, the client gone, the endpoint closed). */
    void relationEnded(ObserveRelation relation) {
        Request request = relation.getExchange().getRequest();
        Key key = new Key(request.getSourceContext().getPeerAddress(), request.getToken());
        Held entry = held.get(key);
        if (entry != null) {
            release(key, entry);
        }
    }

    private void release(Key key, Held entry) {
        if (held.remove(key, entry)) {
            entry.ticket.release();
        }
    }

    /** Gives back the tickets of requests never answered; at most once a second, so a flood does not pay for it. */
    private void sweep() {
        long now = nanoClock.getAsLong();
        long last = lastSweep.get();
        if (now - last < SWEEP_INTERVAL_NANOS || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        held.forEach((key, entry) -> {
            if (!entry.relation && now - entry.admittedNanos > lifetimeNanos) {
                release(key, entry);
            }
        });
    }
}
