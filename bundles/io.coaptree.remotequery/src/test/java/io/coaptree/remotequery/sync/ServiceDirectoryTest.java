package io.coaptree.remotequery.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationEvent;
import io.coaptree.remotequery.coap.NodeIdentity;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;
import io.coaptree.tree.model.NodeAddress;

/**
 * A domain gateway's {@link ServiceDirectory} on the Java service of the real Resource Directory, served on a real
 * {@link GatewayCoapServer}, whose {@code registration.links.max} is 10: a child's 25 links are three registrations,
 * all visible to lookups over CoAP.
 */
class ServiceDirectoryTest {

    private static final int LINKS_MAX = 10;
    private static final long LIFETIME_SECONDS = 90;
    private static final NodeAddress SELF = NodeAddress.parse("A/-/dA");
    private static final NodeAddress CHILD = NodeAddress.parse("A/1/gA1");

    private final GatewayCoapServer server = new GatewayCoapServer();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final AtomicLong nanos = new AtomicLong();
    /** The endpoint names of the registrations the directory made or replaced, in order. */
    private final List<String> posts = new CopyOnWriteArrayList<>();
    /** The endpoint names of the registrations updated (their lease renewed), in order. */
    private final List<String> renewals = new CopyOnWriteArrayList<>();
    private CoapResourceDirectory rd;

    @BeforeEach
    void start() {
        CoapConfig.register();
        UdpConfig.register();
        server.apply(ServerOptions.fromProperties(
                Map.of(ServerOptions.BIND_ADDRESS.id(), "127.0.0.1", ServerOptions.PORT.id(), 0)));
        Map<String, Object> options = new HashMap<>();
        options.put(RegistrationStoreOptions.LINKS_MAX.id(), LINKS_MAX);
        options.put(DirectoryOptions.LOCAL_ENABLED.id(), false);
        rd = new CoapResourceDirectory(DirectoryOptions.fromProperties(options), server, scheduler,
                new MonotonicClock(), null);
        rd.start();
        rd.store().addListener(event -> {
            if (event.kind() == RegistrationEvent.Kind.CREATED || event.kind() == RegistrationEvent.Kind.REPLACED) {
                posts.add(event.registration().endpointName());
            } else if (event.kind() == RegistrationEvent.Kind.UPDATED) {
                renewals.add(event.registration().endpointName());
            }
        });
    }

    @AfterEach
    void stop() {
        rd.close();
        server.close();
        scheduler.shutdownNow();
    }

    private ServiceDirectory directory(int linksPerRegistration) {
        return new ServiceDirectory(rd.directory(), NodeIdentity.of(SELF).toString(),
                () -> "coap://127.0.0.1:" + server.getPort(), LIFETIME_SECONDS, linksPerRegistration, nanos::get);
    }

    private static List<String> links(NodeAddress child, int n) {
        return IntStream.range(0, n)
                .mapToObj(i -> String.format("</tree/%s/s%02d>;rt=\"temp\"", child.text(), i)).toList();
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
        ServiceDirectory directory = directory(LINKS_MAX);
        directory.put(CHILD, links(CHILD, 25));
        assertTrue(directory.registered(CHILD));
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), endpoints());
        assertEquals(expectedPaths(CHILD, 25), resourcePaths());

        directory.put(CHILD, links(CHILD, 5));
        assertTrue(directory.registered(CHILD));
        assertEquals(List.of("gA1"), endpoints(), "the surplus registrations are deleted");
        assertEquals(expectedPaths(CHILD, 5), resourcePaths());

        directory.put(CHILD, links(CHILD, 12));
        directory.remove(CHILD);
        assertFalse(directory.registered(CHILD));
        assertEquals(List.of(), endpoints());
        assertEquals(List.of(), resourcePaths());
        assertEquals(0, rd.store().size());
    }

    @Test
    void onlyChangedChunksAreRepostedAndARefreshRenewsTheLeaseOfAgeingOnes() throws Exception {
        ServiceDirectory directory = directory(LINKS_MAX);
        directory.put(CHILD, links(CHILD, 25));
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), posts);

        posts.clear();
        directory.put(CHILD, links(CHILD, 26)); // sorts last: only the last chunk changes
        assertEquals(List.of("gA1~3"), posts);
        assertTrue(directory.registered(CHILD));
        assertEquals(expectedPaths(CHILD, 26), resourcePaths());

        posts.clear();
        directory.put(CHILD, links(CHILD, 26)); // a refresh soon after: everything is fresh
        assertEquals(List.of(), posts);
        assertTrue(directory.registered(CHILD), "a refresh does not take the child off the directory");

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(LIFETIME_SECONDS / 3));
        Registration before = rd.store().find("A", "gA1~2").orElseThrow();
        directory.put(CHILD, links(CHILD, 26)); // the refresh ChildSets sends every third of the lifetime
        assertEquals(List.of(), posts, "no links sent or parsed again");
        assertEquals(List.of("gA1", "gA1~2", "gA1~3"), renewals, "each lease renewed by an update");
        Registration after = rd.store().find("A", "gA1~2").orElseThrow();
        assertTrue(after.expiresAtMillis() >= before.expiresAtMillis(), "the lifetime starts again");
        assertEquals(before.links(), after.links());
        assertEquals(3, rd.store().size(), "the same locations, no new registrations");
        assertEquals(expectedPaths(CHILD, 26), resourcePaths());

        // a registration gone meanwhile (expired, removed) cannot be renewed: it is registered again
        rd.store().remove(after.id(), NodeIdentity.of(SELF).toString());
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(LIFETIME_SECONDS / 3));
        directory.put(CHILD, links(CHILD, 26));
        assertEquals(List.of("gA1~2"), posts);
        assertTrue(directory.registered(CHILD));
        assertEquals(expectedPaths(CHILD, 26), resourcePaths());
    }

    @Test
    void aRefusedChunkLeavesTheChildUnregisteredSoLookupsFanOut() throws Exception {
        ServiceDirectory directory = directory(2 * LINKS_MAX); // more per registration than the directory takes
        directory.put(CHILD, links(CHILD, 25));
        assertFalse(directory.registered(CHILD));
        assertEquals(List.of("gA1~2"), endpoints(), "the 5-link chunk is in, the 20-link one refused");

        ServiceDirectory fitting = directory(LINKS_MAX);
        fitting.put(CHILD, links(CHILD, 25));
        assertTrue(fitting.registered(CHILD));
    }

    @Test
    void aChildWithTheLongestNameGetsValidEndpointNames() throws Exception {
        NodeAddress child = NodeAddress.parse("A/1/" + "g".repeat(63));
        ServiceDirectory directory = directory(LINKS_MAX);
        directory.put(child, links(child, 25));
        assertTrue(directory.registered(child));
        assertEquals(3, endpoints().size());
        assertEquals(expectedPaths(child, 25), resourcePaths());
    }

    @Test
    void theChildrensRegistrationsAreBoundToTheNodeIdentity() throws Exception {
        ServiceDirectory directory = directory(LINKS_MAX);
        directory.put(CHILD, links(CHILD, 5));
        String id = rd.store().find("A", "gA1").orElseThrow().id();

        Request delete = Request.newDelete();
        delete.getOptions().setUriPath("rd/" + id);
        Response refused = server.execute(delete, new PeerIdentity("psk", "intruder")).toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertEquals(ResponseCode.FORBIDDEN, refused.getCode(), "First-Come-First-Remembered, as over CoAP");
        assertEquals(expectedPaths(CHILD, 5), resourcePaths());
        assertEquals(Optional.of(NodeIdentity.of(SELF).toString()),
                rd.store().find("A", "gA1").orElseThrow().identity());
    }

    @Test
    void readsTheWholeDirectoryAndHearsOfEveryChange() throws Exception {
        ServiceDirectory directory = directory(LINKS_MAX);
        AtomicInteger changes = new AtomicInteger();
        directory.observe(changes::incrementAndGet);
        directory.put(CHILD, links(CHILD, 25));
        assertEquals(3, changes.get(), "one change per registration");

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(LIFETIME_SECONDS / 3));
        directory.put(CHILD, links(CHILD, 25));
        assertEquals(3, renewals.size(), "each chunk's lease renewed");
        assertEquals(3, changes.get(), "a renewal changes nothing a lookup returns: the gateway need not read again");
        directory.put(CHILD, links(CHILD, 26));
        assertEquals(4, changes.get(), "the chunk that changed");

        List<List<Link>> read = new ArrayList<>();
        directory.read(read::add);
        assertEquals(1, read.size());
        List<String> targets = new ArrayList<>();
        read.get(0).forEach(l -> targets.add(l.target()));
        targets.sort(null);
        assertEquals(expectedPaths(CHILD, 26), targets, "every page of the directory, not only the first");

        directory.close();
        directory.remove(CHILD);
        assertEquals(4, changes.get(), "nothing is heard after close");
        assertEquals(0, rd.store().size());
    }
}
