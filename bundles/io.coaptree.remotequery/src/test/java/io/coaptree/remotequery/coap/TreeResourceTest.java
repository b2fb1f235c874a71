package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.coap.CoapResourceDirectory;
import io.coaptree.rd.directory.CurrentDirectory;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.Neighbours;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.LookupAnswers;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.protocol.MembershipProtocol;

/**
 * The Californium glue on real servers without OSGi: three gateways (root, A/1/g1, B/2/g2) on the in-memory bus,
 * each with a {@link GatewayCoapServer}, its Resource Directory, {@code /tree}, {@code /tree-lookup} and
 * {@code /tree-stats}, as the component assembles them; a real client reads and observes a resource of B/2 through
 * A/1, and looks up B/2's directory. A/1 admits one request in flight to its next hop.
 */
class TreeResourceTest {

    private final InMemoryMessageBus bus = new InMemoryMessageBus();
    private final List<AutoCloseable> closeables = new ArrayList<>();
    private final List<Runnable> ticks = new ArrayList<>();
    private ScheduledExecutorService scheduler;
    private GatewayCoapServer g1;
    private GatewayCoapServer g2;
    private final Map<String, RemoteQueryNode> nodes = new HashMap<>();
    private final Map<String, MembershipProtocol> trees = new HashMap<>();
    private final Map<String, GatewayCoapServer> servers = new HashMap<>();
    private final Map<String, CoapResourceDirectory> directories = new HashMap<>();
    private final Map<String, CurrentDirectory> services = new HashMap<>();
    private Counter counter;
    private final ReplyHolder g1Replies = new ReplyHolder();

    /** An observable counter the test bumps. */
    static final class Counter extends ExtendedResource {
        volatile int value;

        Counter() {
            super("counter");
            setObservable(true);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, Integer.toString(value));
        }

        void bump() {
            value++;
            changed();
        }
    }

    /** Never answers: a request for it stays in flight until its timeout. */
    static final class Silent extends ExtendedResource {
        Silent() {
            super("slow");
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            // no answer
        }
    }

    @BeforeEach
    void start() throws Exception {
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());
        scheduler = Executors.newSingleThreadScheduledExecutor();
        gateway("-/-/root", RemoteQueryOptions.defaults());
        g1 = gateway("A/1/g1", RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.ADMISSION_MAX_PER_HOP.id(), 1)));
        g2 = gateway("B/2/g2", RemoteQueryOptions.defaults());
        counter = new Counter();
        g2.addResource(counter, ExtendedResource.class);
        g2.addResource(new Silent(), ExtendedResource.class);
        // Everyone joins after the join window; then the tree is complete.
        scheduler.scheduleWithFixedDelay(() -> ticks.forEach(Runnable::run), 20, 20, TimeUnit.MILLISECONDS);
        awaitCompleteTree();
    }

    /** Until every gateway has joined and sees all three live; fails with their views at the deadline. */
    private void awaitCompleteTree() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!trees.values().stream().allMatch(TreeResourceTest::seesTheWholeTree)) {
            if (System.nanoTime() > deadline) {
                StringBuilder views = new StringBuilder();
                trees.forEach((address, tree) -> views.append(address).append(' ').append(tree.state()).append(": ")
                        .append(tree.view().members()).append('\n'));
                throw new AssertionError("the tree is not complete within 10 s:\n" + views);
            }
            Thread.sleep(10);
        }
    }

    private static boolean seesTheWholeTree(MembershipProtocol tree) {
        return Neighbours.known(tree, List.of("-/-/root", "A/1/g1", "B/2/g2"));
    }

    private GatewayCoapServer gateway(String address, RemoteQueryOptions options) throws Exception {
        GatewayCoapServer server = new GatewayCoapServer();
        server.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1")));
        servers.put(address, server);
        services.put(address, new CurrentDirectory());
        configureDirectory(address, Map.of());
        Map<String, Object> treeSettings = new HashMap<>(TreeOptions.addressProperties(NodeAddress.parse(address)));
        treeSettings.put(TreeOptions.TICK_INTERVAL.id(), 20L);
        treeSettings.put(TreeOptions.JOIN_WINDOW.id(), 200L);
        MembershipProtocol tree = new MembershipProtocol(TreeOptions.fromProperties(treeSettings), Clock.systemUTC());
        trees.put(address, tree);
        RemoteQueryNode node = RemoteQueryNode.builder(tree.self(), tree::view, tree.topics(),
                new ServerLocalExecutor(address, server::execute), options, Clock.systemUTC())
                .ownOrigin(new OwnOrigins(server)).localLookups(new ResourceDirectoryLookups(address,
                        services.get(address), server)).build();
        nodes.put(address, node);
        InMemoryMessageBus.Connection connection = bus.connect(address, tree.lastWill());
        synchronized (bus) {
            tree.start(connection);
            node.start(address.equals("A/1/g1") ? g1Replies.over(connection) : connection, tree.droppedMessages());
        }
        ticks.add(() -> {
            synchronized (bus) {
                tree.tick();
                node.tick();
            }
        });
        server.addResource(new TreeResource(TreeUri.RESOURCE_PREFIX, node), ExtendedResource.class);
        server.addResource(new TreeResource(TreeUri.LOOKUP_PREFIX, node), ExtendedResource.class);
        server.addResource(
                new TreeStatsResource(tree.droppedMessages(), node::admissionRefusedCount, tree::joinStatus),
                ExtendedResource.class);
        closeables.add(server);
        return server;
    }

    /**
     * Starts the gateway's Resource Directory with these settings (and without the gateway's own registration), in
     * place of the running one, as the RD component does on a new configuration: the service the remote-query engine
     * holds serves the new one (registrations are not kept: nothing is persisted here).
     */
    private CoapResourceDirectory configureDirectory(String address, Map<String, Object> properties) {
        CoapResourceDirectory running = directories.remove(address);
        if (running != null) {
            running.close();
        }
        Map<String, Object> settings = new HashMap<>(properties);
        settings.put(DirectoryOptions.LOCAL_ENABLED.id(), false);
        CoapResourceDirectory rd = new CoapResourceDirectory(DirectoryOptions.fromProperties(settings),
                servers.get(address), scheduler, new MonotonicClock(), null);
        rd.start();
        directories.put(address, rd);
        services.get(address).use(rd.directory());
        closeables.add(0, rd::close);
        return rd;
    }

    @AfterEach
    void stop() throws Exception {
        scheduler.shutdownNow();
        for (AutoCloseable c : closeables) {
            c.close();
        }
    }

    @Test
    void aClientReadsAndObservesAResourceOfAnotherDomainThroughItsGateway() throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + g1.getPort() + "/tree/B/2/g2/counter");
        try {
            client.setTimeout(5000L);
            CoapResponse read = client.get();
            assertNotNull(read);
            assertEquals(ResponseCode.CONTENT, read.getCode(), read.getResponseText());
            assertEquals("0", read.getResponseText());
            // a gateway g1 does not know is sought through its next hop (the root): g1 admits one request per next
            // hop here, so before the Observe relation holds that hop
            CoapResponse unknown = client.setURI("coap://127.0.0.1:" + g1.getPort() + "/tree/B/2/nobody/x").get();
            assertEquals(ResponseCode.NOT_FOUND, unknown.getCode(), unknown.getResponseText());
            assertTrue(unknown.getResponseText().contains("nobody"), unknown.getResponseText());
            client.setURI("coap://127.0.0.1:" + g1.getPort() + "/tree/B/2/g2/counter");

            BlockingQueue<String> seen = new LinkedBlockingQueue<>();
            CoapObserveRelation relation = client.observe(collectingInto(seen));
            assertEquals("0", seen.poll(5, TimeUnit.SECONDS));
            counter.bump();
            assertEquals("1", seen.poll(5, TimeUnit.SECONDS));
            counter.bump();
            assertEquals("2", seen.poll(5, TimeUnit.SECONDS));
            relation.proactiveCancel();
        } finally {
            client.shutdown();
        }
    }

    @Test
    void aRelayedNotificationOvertakenOnTheWayIsNotSentAfterTheNewerOne() throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + g1.getPort() + "/tree/B/2/g2/counter");
        // Non-confirmable, so that the relay's own layer sends every notification it is given: with confirmable ones
        // it would let a newer one replace an older one still waiting behind an unacknowledged one, by chance.
        client.useNONs();
        try {
            client.setTimeout(5000L);
            BlockingQueue<String> seen = new LinkedBlockingQueue<>();
            CoapObserveRelation relation = client.observe(collectingInto(seen));
            assertEquals("0", seen.poll(5, TimeUnit.SECONDS));
            g1Replies.holdNext();
            counter.bump(); // "1" is held at g1 ...
            counter.bump(); // ... until "2" has been handed over
            counter.bump();
            List<String> after = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!after.contains("3") && System.nanoTime() < deadline) {
                String next = seen.poll(100, TimeUnit.MILLISECONDS);
                if (next != null) {
                    after.add(next);
                }
            }
            assertTrue(g1Replies.released(), "the held notification was handed over after the newer one");
            assertEquals(List.of("2", "3"), after, "the overtaken \"1\" must not reach the client after \"2\"");
            relation.proactiveCancel();
        } finally {
            client.shutdown();
        }
    }

    @Test
    void aRequestRefusedByAdmissionIsCountedAtTreeStats() throws Exception {
        CoapClient slow = new CoapClient(uri(g1, "/tree/B/2/g2/slow"));
        CoapClient client = new CoapClient(uri(g1, "/tree-stats"));
        try {
            client.setTimeout(5000L);
            assertTrue(client.get().getResponseText().endsWith(",\"admission-refused\":0}"));
            slow.get(collectingInto(new LinkedBlockingQueue<>()));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (nodes.get("A/1/g1").pendingCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(1, nodes.get("A/1/g1").pendingCount(), "the silent read is in flight to g1's next hop");

            CoapResponse refused = client.setURI(uri(g1, "/tree/B/2/g2/counter")).get();
            assertEquals(ResponseCode.SERVICE_UNAVAILABLE, refused.getCode(), refused.getResponseText());
            assertTrue(refused.getOptions().hasMaxAge(), "a refusal says when to retry");
            assertTrue(refused.getResponseText().contains(RemoteQueryOptions.ADMISSION_MAX_PER_HOP.id()),
                    refused.getResponseText());

            CoapResponse stats = client.setURI(uri(g1, "/tree-stats")).get();
            assertEquals(ResponseCode.CONTENT, stats.getCode());
            assertTrue(stats.getResponseText().endsWith(",\"admission-refused\":1}"), stats.getResponseText());
        } finally {
            slow.shutdown();
            client.shutdown();
        }
    }

    /**
     * What a lookup from another gateway lists of B/2 is what B/2's directory answers a CoAP client at
     * {@code /rd-lookup} (as remote lookups did when they ran through the CoAP server), with B/2's own targets as
     * tree paths: the same criteria, the same page, the same link-format.
     */
    @Test
    void aLookupFromAnotherGatewayListsWhatTheOwnersDirectoryAnswersAClient() throws Exception {
        ResourceDirectoryService directory = directories.get("B/2/g2").directory();
        OwnOrigins own = new OwnOrigins(g2);
        register(directory, "gateway", own.origin(), "</counter>;rt=\"count\";obs,</slow>;rt=\"slow\"");
        register(directory, "sensor-7", "coap://[2001:db8::7]:5683",
                "</temp>;rt=\"temp\";if=\"core.s\",</hum>;rt=\"hum\";ct=0");
        CoapClient client = new CoapClient();
        try {
            client.setTimeout(5000L);
            for (String lookup : List.of("res?", "res?rt=temp", "res?if=core.s&rt=temp", "res?page=1&count=2",
                    "ep?", "ep?ep=sensor-7", "res?rt=nothing")) {
                String kind = lookup.substring(0, lookup.indexOf('?'));
                String criteria = lookup.substring(lookup.indexOf('?') + 1);
                CoapResponse local = client.setURI(uri(g2, "/rd-lookup/" + lookup)).get();
                assertEquals(ResponseCode.CONTENT, local.getCode(), lookup);
                String expected = asRemoteAnswer(new String(local.getPayload(), StandardCharsets.UTF_8));
                CoapResponse remote = client.setURI(uri(g1, "/tree-lookup/" + kind + "?scope=B/2"
                        + (criteria.isEmpty() ? "" : "&" + criteria))).get();
                assertEquals(ResponseCode.CONTENT, remote.getCode(), lookup + ": " + remote.getResponseText());
                assertEquals(expected, remote.getResponseText(), lookup);
            }
            String all = client.setURI(uri(g1, "/tree-lookup/res?scope=B/2")).get().getResponseText();
            assertTrue(all.contains("</tree/B/2/g2/counter>;rt=\"count\";obs"), all);
            assertTrue(all.contains("<coap://[2001:db8::7]:5683/temp>"), all);
            assertEquals(2, client.setURI(uri(g1, "/tree-lookup/res?scope=B/2&page=1&count=2")).get()
                    .getResponseText().split(",").length);
        } finally {
            client.shutdown();
        }
    }

    /**
     * The owner's part of a lookup from another gateway meets, with the caller's identity, what a GET of its
     * {@code /rd-lookup} meets: the server's {@code access.reads} and the directory's {@code lookup.access} (a part
     * refused to the caller adds nothing, so the answer lists nothing of B/2) and {@code lookup.payload.max.bytes} (a
     * result above it adds nothing, a narrower query within it does). With the defaults both callers are answered.
     */
    @Test
    void aLookupFromAnotherGatewayMeetsTheOwnersAccessPolicyAndLookupSettings() throws Exception {
        PeerIdentity reader = new PeerIdentity(PeerIdentity.PSK, "reader");
        registerSensors(2);
        assertRemoteAsLocal("res?", null, ResponseCode.CONTENT);
        assertRemoteAsLocal("res?", reader, ResponseCode.CONTENT);

        g2.applyAccessPolicy(AccessPolicy.fromProperties(Map.of(AccessPolicy.READS.id(), "authenticated")));
        assertRemoteAsLocal("res?", null, ResponseCode.UNAUTHORIZED);
        assertRemoteAsLocal("ep?", null, ResponseCode.UNAUTHORIZED);
        assertRemoteAsLocal("res?", reader, ResponseCode.CONTENT);
        g2.applyAccessPolicy(AccessPolicy.defaults());

        configureDirectory("B/2/g2", Map.of(DirectoryOptions.LOOKUP_ACCESS.id(), "authenticated"));
        registerSensors(2);
        assertRemoteAsLocal("res?", null, ResponseCode.UNAUTHORIZED);
        assertRemoteAsLocal("ep?", null, ResponseCode.UNAUTHORIZED);
        assertRemoteAsLocal("res?rt=temp", reader, ResponseCode.CONTENT);

        configureDirectory("B/2/g2", Map.of(DirectoryOptions.LOOKUP_PAYLOAD_MAX.id(), 1024));
        registerSensors(12);
        assertRemoteAsLocal("res?", null, ResponseCode.SERVICE_UNAVAILABLE);
        assertRemoteAsLocal("res?", reader, ResponseCode.SERVICE_UNAVAILABLE);
        assertRemoteAsLocal("res?ep=sensor-7", null, ResponseCode.CONTENT);
        assertRemoteAsLocal("res?page=0&count=3", reader, ResponseCode.CONTENT);
    }

    /**
     * Looks {@code lookup} ({@code <kind>?<criteria>}) up as {@code caller} at B/2 itself and from A/1 over the tree:
     * the local GET is answered {@code localCode}; the remote lookup lists what the local one lists, as tree paths,
     * and nothing when the local one is refused.
     */
    private void assertRemoteAsLocal(String lookup, PeerIdentity caller, ResponseCode localCode) throws Exception {
        String kind = lookup.substring(0, lookup.indexOf('?'));
        String criteria = lookup.substring(lookup.indexOf('?') + 1);
        Response local = get(g2, "rd-lookup/" + kind, criteria, caller);
        assertEquals(localCode, local.getCode(), lookup + " as " + caller + ": " + local.getPayloadString());
        Response remote = get(g1, "tree-lookup/" + kind, "scope=B/2" + (criteria.isEmpty() ? "" : "&" + criteria),
                caller);
        assertEquals(ResponseCode.CONTENT, remote.getCode(),
                lookup + " as " + caller + ": " + remote.getPayloadString());
        String expected = localCode == ResponseCode.CONTENT ? asRemoteAnswer(local.getPayloadString()) : "";
        assertEquals(expected, remote.getPayloadString(), lookup + " as " + caller);
        assertEquals(localCode == ResponseCode.CONTENT, !expected.isEmpty(), "B/2 has something to list: " + lookup);
    }

    /** A GET run on {@code gateway}'s server as {@code caller} (null: anonymous) had sent it over DTLS. */
    private static Response get(GatewayCoapServer gateway, String path, String query, PeerIdentity caller)
            throws Exception {
        Request get = Request.newGet();
        get.getOptions().setUriPath(path);
        if (!query.isEmpty()) {
            get.getOptions().setUriQuery(query);
        }
        return gateway.execute(get, caller).toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    /** Sensors 1..count, each with two links, in B/2's directory. */
    private void registerSensors(int count) throws Exception {
        for (int i = 1; i <= count; i++) {
            register(directories.get("B/2/g2").directory(), "sensor-" + i, "coap://[2001:db8::" + i + "]:5683",
                    "</temp>;rt=\"temp\";if=\"core.s\",</hum>;rt=\"hum\";ct=0");
        }
    }

    /** What A/1 answers for B/2's part: B/2's own targets as tree paths, merged. */
    private String asRemoteAnswer(String localAnswer) throws Exception {
        LookupAnswers answers = new LookupAnswers(LinkFormatParser.withDefaults(), 1024);
        return answers.merge(
                List.of(answers.toTreeLinks(NodeAddress.parse("B/2/g2"), localAnswer, new OwnOrigins(g2))));
    }

    private static void register(ResourceDirectoryService directory, String endpoint, String base, String links)
            throws Exception {
        assertTrue(directory.register(RegistrationRequest.builder(endpoint).base(base)
                .links(LinkFormatParser.withDefaults().parse(links)).build()).isSuccess(), endpoint);
    }

    private static String uri(GatewayCoapServer gateway, String pathAndQuery) {
        return "coap://127.0.0.1:" + gateway.getPort() + pathAndQuery;
    }

    /** Each notification's text, or "error", into {@code seen}. */
    private static CoapHandler collectingInto(BlockingQueue<String> seen) {
        return new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                seen.add(response.getResponseText());
            }

            @Override
            public void onError() {
                seen.add("error");
            }
        };
    }

    /**
     * Between g1's remote-query engine and the bus: on request, holds the next message on a reply topic and hands it
     * over right after the one that follows it, as parallel delivery workers or a resend would.
     */
    private static final class ReplyHolder {
        private boolean holding;
        private Runnable held;
        private boolean released;

        synchronized void holdNext() {
            holding = true;
        }

        synchronized boolean released() {
            return released;
        }

        MessageBus over(MessageBus bus) {
            return new MessageBus() {
                @Override
                public void publish(String topic, byte[] payload) {
                    bus.publish(topic, payload);
                }

                @Override
                public void subscribe(String topicFilter, MessageHandler handler) {
                    bus.subscribe(topicFilter, topicFilter.endsWith("/reply") ? (topic, payload) -> arrived(
                            () -> handler.onMessage(topic, payload)) : handler);
                }

                @Override
                public void unsubscribe(String topicFilter) {
                    bus.unsubscribe(topicFilter);
                }
            };
        }

        private void arrived(Runnable delivery) {
            Runnable late;
            synchronized (this) {
                if (holding) {
                    holding = false;
                    held = delivery;
                    return;
                }
                late = held;
                held = null;
                released |= late != null;
            }
            delivery.run();
            if (late != null) {
                late.run();
            }
        }
    }
}
