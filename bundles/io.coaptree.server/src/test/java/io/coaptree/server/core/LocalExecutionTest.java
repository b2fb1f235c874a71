package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.AccessControlled;
import io.coaptree.api.AccessRequirement;
import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

/**
 * {@code CoAPServer.execute}: requests for callers authenticated elsewhere meet the same access policy; and
 * {@code CoAPServer.permits} tells what that policy decides.
 */
class LocalExecutionTest {

    /** Answers with the caller it sees; PUT stores the payload; observable. */
    static final class Caller extends ExtendedResource {
        volatile String state = "off";

        Caller() {
            super("caller");
            setObservable(true);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT,
                    PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse("anonymous") + " " + state);
        }

        @Override
        public void handlePUT(CoapExchange exchange) {
            state = exchange.getRequestText();
            exchange.respond(ResponseCode.CHANGED, PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse(""));
            changed();
        }
    }

    private GatewayCoapServer server;
    private Caller resource;

    @BeforeEach
    void start() {
        server = new GatewayCoapServer();
        server.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1")));
        resource = new Caller();
        server.addResource(resource, ExtendedResource.class);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Response run(Request request, PeerIdentity caller) throws Exception {
        return server.execute(request, caller).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    private static Request put(String text) {
        Request put = Request.newPut();
        put.getOptions().setUriPath("caller");
        put.setPayload(text);
        return put;
    }

    @Test
    void theCallerIdentityReachesTheResourceAndTheAccessPolicyAppliesToIt() throws Exception {
        Request get = Request.newGet();
        get.getOptions().setUriPath("caller");
        Response read = run(get, null);
        assertEquals(ResponseCode.CONTENT, read.getCode());
        assertEquals("anonymous off", read.getPayloadString());

        assertEquals(ResponseCode.UNAUTHORIZED, run(put("on"), null).getCode(), "anonymous writes are refused");
        assertEquals("off", resource.state);

        Response write = run(put("on"), new PeerIdentity(PeerIdentity.PSK, "gw-client"));
        assertEquals(ResponseCode.CHANGED, write.getCode());
        assertEquals("psk:gw-client", write.getPayloadString());
        assertEquals("on", resource.state);

        Request unknown = Request.newGet();
        unknown.getOptions().setUriPath("nothing-here");
        assertEquals(ResponseCode.NOT_FOUND, run(unknown, null).getCode());
    }

    /** {@code CoAPServer.permits} says what the check before a resource decides, for a caller that never came here. */
    @Test
    void permitsAnswersAsTheCheckBeforeTheResource() throws Exception {
        PeerIdentity client = new PeerIdentity(PeerIdentity.PSK, "gw-client");
        assertTrue(server.permits(Code.GET, "caller", null));
        assertFalse(server.permits(Code.PUT, "caller", null));
        assertTrue(server.permits(Code.PUT, "/caller/", client));

        server.applyAccessPolicy(AccessPolicy.fromProperties(Map.of(AccessPolicy.READS.id(), "authenticated")));
        Request get = Request.newGet();
        get.getOptions().setUriPath("caller");
        assertEquals(ResponseCode.UNAUTHORIZED, run(get, null).getCode());
        assertFalse(server.permits(Code.GET, "caller", null), "as execute refused it");
        assertTrue(server.permits(Code.GET, "caller", client));
        assertFalse(server.permits(Code.GET, "nothing-here", null), "an unknown path: the policy alone");

        ExtendedResource valve = new Valve();
        server.addResource(valve, ExtendedResource.class, "plant");
        assertFalse(server.permits(Code.PUT, "plant/valve", client), "the resource's own allow-list applies");
        assertTrue(server.permits(Code.PUT, "plant/valve", new PeerIdentity(PeerIdentity.PSK, "maintenance")));
        assertTrue(server.permits(Code.PUT, "plant/../valve", new PeerIdentity(PeerIdentity.PSK, "maintenance")),
                "a malformed path: the policy alone");
    }

    /** Only the maintenance identity may change it. */
    static final class Valve extends ExtendedResource implements AccessControlled {
        Valve() {
            super("valve");
        }

        @Override
        public AccessRequirement accessRequirement() {
            return AccessRequirement.writersOnly(new PeerIdentity(PeerIdentity.PSK, "maintenance"));
        }
    }

    @Test
    void manyRequestsEachGetTheirOwnAnswer() throws Exception {
        for (int i = 0; i < 300; i++) {
            Request get = Request.newGet();
            get.getOptions().setUriPath("caller");
            PeerIdentity who = new PeerIdentity(PeerIdentity.PSK, "c" + i);
            assertEquals("psk:c" + i + " off", run(get, who).getPayloadString());
        }
    }

    /**
     * Requests run in memory are not held to RFC 7252's message-ID budget of a network peer (65,536 per exchange
     * lifetime): HTTP callers and the driver run everything through {@code execute}, and once ran out of IDs after
     * about 65,000 requests in a row, every request failing until leases expired. Up to 64 in progress at once, as
     * an HTTP server's threads would.
     */
    @Test
    void moreRequestsInARowThanTheMessageIdSpaceAreAllAnswered() throws Exception {
        int total = 70_000;
        java.util.concurrent.Semaphore inProgress = new java.util.concurrent.Semaphore(64);
        java.util.concurrent.atomic.AtomicInteger answered = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ConcurrentLinkedQueue<String> failures = new java.util.concurrent.ConcurrentLinkedQueue<>();
        PeerIdentity who = new PeerIdentity(PeerIdentity.PSK, "many");
        for (int i = 0; i < total && failures.isEmpty(); i++) {
            assertTrue(inProgress.tryAcquire(10, TimeUnit.SECONDS), "an answer within 10 s");
            Request get = Request.newGet();
            get.getOptions().setUriPath("caller");
            int n = i;
            server.execute(get, who).whenComplete((response, error) -> {
                if (error != null) {
                    failures.add(n + ": " + error);
                } else if (response.getCode() != ResponseCode.CONTENT) {
                    failures.add(n + ": " + response.getCode() + " " + response.getPayloadString());
                } else {
                    answered.incrementAndGet();
                }
                inProgress.release();
            });
        }
        assertTrue(inProgress.tryAcquire(64, 10, TimeUnit.SECONDS), "every answer within 10 s");
        assertTrue(failures.isEmpty(), () -> failures.size() + " failed, the first " + failures.peek());
        assertEquals(total, answered.get());
    }

    /** An Observe request for /caller whose every response goes to {@code seen}. */
    private static Request observeCaller(BlockingQueue<Response> seen) {
        Request observe = Request.newGet();
        observe.getOptions().setUriPath("caller");
        observe.setObserve();
        observe.addMessageObserver(new MessageObserverAdapter() {
            @Override
            public void onResponse(Response response) {
                seen.add(response);
            }
        });
        return observe;
    }

    @Test
    void observeReportsEveryNotificationUntilCancelled() throws Exception {
        BlockingQueue<Response> seen = new LinkedBlockingQueue<>();
        Request observe = observeCaller(seen);
        Response first = run(observe, null);
        assertTrue(first.getOptions().hasObserve(), "relation established");
        assertEquals(first, seen.poll(5, TimeUnit.SECONDS));
        assertEquals(1, resource.getObserverCount());

        run(put("on"), new PeerIdentity(PeerIdentity.PSK, "writer"));
        Response notification = seen.poll(5, TimeUnit.SECONDS);
        assertEquals("anonymous on", notification == null ? null : notification.getPayloadString());

        observe.cancel();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (resource.getObserverCount() > 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(0, resource.getObserverCount(), "the server's relation ends with the cancel");
    }

    @Test
    void observeKeepsReportingPastTheConfirmableNotifications() throws Exception {
        BlockingQueue<Response> seen = new LinkedBlockingQueue<>();
        Request observe = observeCaller(seen);
        run(observe, null);
        assertEquals("anonymous off", seen.poll(5, TimeUnit.SECONDS).getPayloadString());
        PeerIdentity writer = new PeerIdentity(PeerIdentity.PSK, "writer");
        for (int i = 1; i <= 250; i++) {
            run(put("v" + i), writer);
            String expected = "anonymous v" + i;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            String last = null;
            while (!expected.equals(last) && System.nanoTime() < deadline) {
                Response next = seen.poll(100, TimeUnit.MILLISECONDS);
                if (next != null) {
                    last = next.getPayloadString();
                }
            }
            assertEquals(expected, last, "notification " + i);
        }
        assertEquals(1, resource.getObserverCount(), "the relation survives its confirmable notifications");
        observe.cancel();
    }
}
