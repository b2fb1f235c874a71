package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.server.options.CapacityOptions;
import io.coaptree.server.options.ServerOptions;

/**
 * Capacity by class on a real server: anonymous callers from the network and through {@code execute} are held to their
 * limit per address and their share, refused 5.03 with Max-Age and counted in {@code /server-stats}, while
 * authenticated callers and the tree are still served; what ends gives its capacity back.
 */
class CapacityByClassTest {

    /** Observable; a GET on {@code slow} waits until the test answers it, holding a request in progress. */
    static final class Held extends ExtendedResource {
        final Queue<CoapExchange> waiting = new ConcurrentLinkedQueue<>();

        Held(String name) {
            super(name);
            setObservable(true);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            if (getName().equals("slow")) {
                exchange.accept();
                waiting.add(exchange);
            } else {
                exchange.respond(ResponseCode.CONTENT, "21.5");
            }
        }

        void answerAll() {
            for (CoapExchange e = waiting.poll(); e != null; e = waiting.poll()) {
                e.respond(ResponseCode.CONTENT, "late");
            }
        }
    }

    /** The tests read each relation's first answer; later notifications do not matter. */
    private static final CoapHandler IGNORED = new CoapHandler() {
        @Override
        public void onLoad(CoapResponse response) {
            // first answer read from the relation
        }

        @Override
        public void onError() {
            // a timeout shows as a null first answer
        }
    };

    private GatewayCoapServer server;
    private Held slow;
    private final List<CoapEndpoint> endpoints = new ArrayList<>();

    @BeforeEach
    void start() {
        server = new GatewayCoapServer();
        // 16 requests in progress (8 anonymous), 16 relations (8 anonymous), 4 per address, 4 reserved
        server.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1",
                "limits.peers", 16, "observe.max.relations", 16)));
        server.applyCapacity(new CapacityOptions(50, 4, 25));
        server.addResource(new Held("temperature"), ExtendedResource.class);
        slow = new Held("slow");
        server.addResource(slow, ExtendedResource.class);
    }

    @AfterEach
    void stop() {
        slow.answerAll();
        endpoints.forEach(CoapEndpoint::destroy);
        server.close();
    }

    /** A client socket on {@code host} (any 127/8 address is this machine: distinct callers by address). */
    private CoapClient client(String host, String path) {
        CoapConfig.register();
        UdpConfig.register();
        CoapEndpoint endpoint = new CoapEndpoint.Builder().setConfiguration(Configuration.createStandardWithoutFile())
                .setInetSocketAddress(new InetSocketAddress(host, 0)).build();
        endpoints.add(endpoint);
        CoapClient client = new CoapClient("coap://127.0.0.1:" + server.getPort() + "/" + path);
        client.setEndpoint(endpoint);
        client.setTimeout(5_000L);
        return client;
    }

    private static Request get(String path, boolean observe) {
        Request get = Request.newGet();
        get.getOptions().setUriPath(path);
        if (observe) {
            get.setObserve();
        }
        return get;
    }

    private Response run(Request request, PeerIdentity caller, RequestOrigin origin) throws Exception {
        return server.execute(request, caller, origin).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    private String stats() throws Exception {
        return client("127.0.0.1", "server-stats").get().getResponseText();
    }

    @Test
    void oneAnonymousAddressObservesUpToItsLimitThenGets503WithMaxAgeOthersStillObserve() throws Exception {
        List<CoapObserveRelation> relations = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            CoapObserveRelation relation = client("127.0.0.1", "temperature").observeAndWait(IGNORED);
            assertEquals(ResponseCode.CONTENT, relation.getCurrent().getCode());
            relations.add(relation);
        }
        Request registration = Request.newGet();
        registration.setObserve();
        CoapResponse refused = client("127.0.0.1", "temperature").advanced(registration);
        assertEquals(ResponseCode.SERVICE_UNAVAILABLE, refused.getCode());
        assertEquals(30L, refused.getOptions().getMaxAge());
        assertTrue(refused.getResponseText().contains("the most one address may"), refused.getResponseText());

        assertEquals(ResponseCode.CONTENT,
                client("127.0.0.2", "temperature").observeAndWait(IGNORED).getCurrent().getCode(),
                "another address still observes");
        Response relayed = run(get("temperature", true), null, RequestOrigin.tree("A/1/gA1", true));
        assertEquals(ResponseCode.CONTENT, relayed.getCode(), "anonymous work relayed by a gateway, within the share");
        Response operator = run(get("temperature", true), new PeerIdentity(PeerIdentity.KURA, "operator"),
                RequestOrigin.client("127.0.0.1"));
        assertEquals(ResponseCode.CONTENT, operator.getCode(), "an authenticated caller at the same address");

        relations.get(0).proactiveCancel();
        waitFor(() -> !server.capacity().relations().inUse().get("anonymous").equals(6));
        assertEquals(ResponseCode.CONTENT,
                client("127.0.0.1", "temperature").observeAndWait(IGNORED).getCurrent().getCode(),
                "a relation that ended gave its place back");
        assertTrue(stats().contains("\"relations\":{\"anonymous-share\":0,\"per-address\":1,\"full\":0}"), stats());
    }

    @Test
    void anonymousRequestsInProgressAreBoundedTheTreeAndAuthenticatedCallersKeepTheirReserve() throws Exception {
        List<java.util.concurrent.CompletableFuture<Response>> anonymous = new ArrayList<>();
        for (int a = 1; a <= 2; a++) {
            for (int i = 0; i < 4; i++) {
                anonymous.add(server.execute(get("slow", false), null, RequestOrigin.client("192.0.2." + a))
                        .toCompletableFuture());
            }
        }
        waitFor(() -> slow.waiting.size() == 8);
        CoapResponse refused = client("127.0.0.3", "slow").get();
        assertEquals(ResponseCode.SERVICE_UNAVAILABLE, refused.getCode(), "the anonymous share (8) is held");
        assertEquals(5L, refused.getOptions().getMaxAge());
        assertEquals(ResponseCode.SERVICE_UNAVAILABLE,
                run(get("slow", false), null, RequestOrigin.tree("B/1/gB1", true)).getCode());

        // the rest of the pool: the tree's own requests and authenticated callers
        List<java.util.concurrent.CompletableFuture<Response>> privileged = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            privileged.add(server.execute(get("slow", false), i % 2 == 0 ? null : new PeerIdentity("psk", "op"),
                    RequestOrigin.tree("B/1/gB1", false)).toCompletableFuture());
        }
        waitFor(() -> slow.waiting.size() == 16);
        Response full = run(get("slow", false), new PeerIdentity("psk", "op"), RequestOrigin.client("192.0.2.9"));
        assertEquals(ResponseCode.SERVICE_UNAVAILABLE, full.getCode(), "all 16 in use");

        slow.answerAll();
        for (var answer : anonymous) {
            assertEquals(ResponseCode.CONTENT, answer.get(5, TimeUnit.SECONDS).getCode());
        }
        waitFor(() -> server.capacity().requests().inUse().values().stream().mapToInt(Integer::intValue).sum() == 0);
        assertEquals(ResponseCode.CONTENT, client("127.0.0.3", "temperature").get().getCode());
        String stats = stats();
        assertTrue(stats.contains("\"requests\":{\"anonymous-share\":2,\"per-address\":0,\"full\":1}"), stats);
    }

    /** A request whose answer never goes out (the resource keeps it) gives its place back after the exchange lifetime. */
    @Test
    void unansweredRequestsGiveTheirPlaceBackAfterTheExchangeLifetime() throws Exception {
        long[] clock = { 0 };
        GatewayCoapServer timed = new GatewayCoapServer(() -> clock[0]);
        Held kept = new Held("slow");
        try {
            timed.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1")));
            timed.applyCapacity(new CapacityOptions(50, 4, 25));
            timed.addResource(kept, ExtendedResource.class);
            CoapClient client = client("127.0.0.1", "slow");
            client.setURI("coap://127.0.0.1:" + timed.getPort() + "/slow");
            for (int i = 0; i < 4; i++) {
                client.get(IGNORED);
            }
            waitFor(() -> kept.waiting.size() == 4);
            assertEquals(ResponseCode.SERVICE_UNAVAILABLE, client.get().getCode(), "the address holds its 4");
            clock[0] += TimeUnit.SECONDS.toNanos(ServerOptions.EXCHANGE_LIFETIME.defaultValue() + 2);
            client.get(IGNORED);
            waitFor(() -> kept.waiting.size() == 5);
        } finally {
            kept.answerAll();
            timed.close();
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "condition not met within 5 s");
            Thread.sleep(10);
        }
    }

    @Test
    void theStatisticsAreThere() throws Exception {
        assertNotNull(stats());
        assertTrue(stats().startsWith("{\"capacity\":{\"refused\":"), stats());
    }
}
