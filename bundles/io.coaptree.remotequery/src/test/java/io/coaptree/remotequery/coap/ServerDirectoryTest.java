package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.UdpConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.PeerIdentity;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.coap.CoapResourceDirectory;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;
import io.coaptree.tree.model.NodeAddress;

/**
 * A domain gateway's {@link ServerDirectory} on a real {@link GatewayCoapServer} with the real Resource Directory,
 * whose {@code registration.links.max} is 10: a child's 25 links are three registrations, all visible to lookups.
 */
class ServerDirectoryTest {

    private static final int LINKS_MAX = 10;
    private static final long LIFETIME_SECONDS = 90;
    private static final NodeAddress SELF = NodeAddress.parse("A/-/dA");
    private static final NodeAddress CHILD = NodeAddress.parse("A/1/gA1");

    private final GatewayCoapServer server = new GatewayCoapServer();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong nanos = new AtomicLong();
    /** The endpoint names of the registration POSTs the directory sent, in order. */
    private final List<String> posts = new CopyOnWriteArrayList<>();
    private CoapResourceDirectory rd;

    @BeforeEach
    void start() {
        CoapConfig.register();
        UdpConfig.register();
        server.apply(ServerOptions.from(Map.of(ServerOptions.BIND_ADDRESS, "127.0.0.1", ServerOptions.PORT, 0)));
        Map<String, Object> options = new HashMap<>();
        options.put(DirectoryOptions.LINKS_MAX, LINKS_MAX);
        options.put(DirectoryOptions.LOCAL_ENABLED, false);
        rd = new CoapResourceDirectory(DirectoryOptions.from(options), server, scheduler, new MonotonicClock(), null);
        rd.start();
    }

    @AfterEach
    void stop() {
        rd.close();
        server.close();
        scheduler.shutdownNow();
    }

    private ServerDirectory directory(int linksPerRegistration) {
        LocalCoapExecutor counting = (request, caller) -> {
            if (request.getCode() == org.eclipse.californium.core.coap.CoAP.Code.POST) {
                request.getOptions().getUriQuery().stream().filter(q -> q.startsWith("ep=")).findFirst()
                        .ifPresent(q -> posts.add(q.substring(3)));
            }
            return server.execute(request, caller);
        };
        return new ServerDirectory(counting, SELF, () -> "coap://127.0.0.1:" + server.getPort(), LIFETIME_SECONDS,
                100, linksPerRegistration, nanos::get);
    }

    private static List<String> links(NodeAddress child, int n) {
        return IntStream.range(0, n)
                .mapToObj(i -> String.format("</tree/%s/s%02d>;rt=\"temp\"", child.text(), i)).toList();
    }

    private static void settle(ServerDirectory directory, NodeAddress child) throws Exception {
        directory.idle(child).toCompletableFuture().get(5, TimeUnit.SECONDS);
    }

    /** The directory's answer to a lookup made as a client of this gateway would. */
    private List<Link> lookup(String kind, String query) throws Exception {
        Request request = Request.newGet();
        request.getOptions().setUriPath("rd-lookup/" + kind).setUriQuery(query)
                .setAccept(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        Response response = server.execute(request, null).toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertEquals(ResponseCode.CONTENT, response.getCode(), response.getPayloadString());
        String text = response.getPayloadString();
        return text.isBlank() ? List.of() : LinkFormatParser.withDefaults().parse(text);
    }

    private List<String> endpoints() throws Exception {
        List<String> out = new ArrayList<>();
        lookup("ep", "d=A").forEach(l -> out.add(l.firstValue("ep").orElseThrow()));
        out.sort(null);
        return out;
    }

    private List<String> resourcePaths() throws Exception {
        List<String> out = new ArrayList<>();
        lookup("res", "count=1000").forEach(l -> out.add(l.target()));
        out.sort(null);
        return out;
    }

    private List<String> expectedPaths(NodeAddress child, int n) {
        return IntStream.range(0, n).mapToObj(
                i -> String.format("coap://127.0.0.1:%d/tree/%s/s%02d", server.getPort(), child.text(), i)).toList();
    }

    @Test
    void theDirectoryRefusesOneRegistrationAboveItsLimit() throws Exception {
        Request request = Request.newPost();
        request.getOptions().setUriPath("rd").setUriQuery("ep=big").addUriQuery("d=A")
                .setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        request.setPayload(String.join(",", links(CHILD, 25)).getBytes(StandardCharsets.UTF_8));
        Response response = server.execute(request, NodeIdentity.of(SELF)).toCompletableFuture().get(5,
                TimeUnit.SECONDS);
        assertEquals(ResponseCode.REQUEST_ENTITY_TOO_LARGE, response.getCode(), "what one registration per child hit");
    }

    @Test
    void aSetAboveTheDirectorysLimitIsSeveralRegistrationsThatShrinkAndGoAway() throws Exception {
        ServerDirectory directory = directory(LINKS_MAX);
        directory.put(CHILD, links(CHILD, 25));
        settle(directory, CHILD);
        assertTrue(directory.registered(CHILD));
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), endpoints());
        assertEquals(expectedPaths(CHILD, 25), resourcePaths());

        directory.put(CHILD, links(CHILD, 5));
        settle(directory, CHILD);
        assertTrue(directory.registered(CHILD));
        assertEquals(List.of("gA1"), endpoints(), "the surplus registrations are deleted");
        assertEquals(expectedPaths(CHILD, 5), resourcePaths());

        directory.put(CHILD, links(CHILD, 12));
        directory.remove(CHILD);
        settle(directory, CHILD);
        assertFalse(directory.registered(CHILD));
        assertEquals(List.of(), endpoints());
        assertEquals(List.of(), resourcePaths());
        assertEquals(0, rd.store().size());
    }

    @Test
    void onlyChangedChunksAreRepostedAndARefreshRepostsAgeingOnes() throws Exception {
        ServerDirectory directory = directory(LINKS_MAX);
        directory.put(CHILD, links(CHILD, 25));
        settle(directory, CHILD);
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), posts);

        posts.clear();
        directory.put(CHILD, links(CHILD, 26)); // sorts last: only the last chunk changes
        settle(directory, CHILD);
        assertEquals(List.of("gA1~3"), posts);
        assertTrue(directory.registered(CHILD));
        assertEquals(expectedPaths(CHILD, 26), resourcePaths());

        posts.clear();
        directory.put(CHILD, links(CHILD, 26)); // a refresh soon after: everything is fresh
        settle(directory, CHILD);
        assertEquals(List.of(), posts);
        assertTrue(directory.registered(CHILD), "a refresh does not take the child off the directory");

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(LIFETIME_SECONDS / 3));
        directory.put(CHILD, links(CHILD, 26)); // the refresh ChildSets sends every third of the lifetime
        settle(directory, CHILD);
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), posts);
        assertEquals(3, rd.store().size(), "the same locations, no new registrations");
    }

    @Test
    void aRefusedChunkLeavesTheChildUnregisteredSoLookupsFanOut() throws Exception {
        ServerDirectory directory = directory(2 * LINKS_MAX); // more per registration than the directory takes
        directory.put(CHILD, links(CHILD, 25));
        settle(directory, CHILD);
        assertFalse(directory.registered(CHILD));
        assertEquals(List.of("gA1~2"), endpoints(), "the 5-link chunk is in, the 20-link one refused");

        ServerDirectory fitting = directory(LINKS_MAX);
        fitting.put(CHILD, links(CHILD, 25));
        settle(fitting, CHILD);
        assertTrue(fitting.registered(CHILD));
    }

    @Test
    void aChildWithTheLongestNameGetsValidEndpointNames() throws Exception {
        NodeAddress child = NodeAddress.parse("A/1/" + "g".repeat(63));
        ServerDirectory directory = directory(LINKS_MAX);
        directory.put(child, links(child, 25));
        settle(directory, child);
        assertTrue(directory.registered(child));
        assertEquals(3, endpoints().size());
        assertEquals(expectedPaths(child, 25), resourcePaths());
    }
}
