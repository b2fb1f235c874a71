package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Message;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.serialization.UdpDataParser;
import org.eclipse.californium.core.network.serialization.UdpDataSerializer;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

class GatewayCoapServerTest {

    /** An observable resource whose text value the test sets. */
    static final class TextResource extends ExtendedResource {
        private volatile String value;

        TextResource(String name, String value) {
            super(name);
            this.value = value;
            setObservable(true);
            getAttributes().setObservable();
        }

        void set(String newValue) {
            value = newValue;
            changed();
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, value, MediaTypeRegistry.TEXT_PLAIN);
        }

        @Override
        public void handlePUT(CoapExchange exchange) {
            // echoes the size of the body, to prove blockwise reassembly
            exchange.respond(ResponseCode.CHANGED, Integer.toString(exchange.getRequestPayload().length));
        }
    }

    /**
     * A deadline, not a wait: the answer normally comes in milliseconds. Generous because the first observation of
     * a fresh JVM on a loaded CI machine once took longer than 5 s (JIT and class loading of the observe path).
     */
    private static final long NOTIFICATION_DEADLINE_SECONDS = 30;

    private final GatewayCoapServer server = new GatewayCoapServer();
    private final CoapTestClient coap = new CoapTestClient();

    @AfterEach
    void close() {
        coap.close();
        server.close();
    }

    static ServerOptions options(Object... keyValues) {
        Map<String, Object> p = new HashMap<>();
        p.put("coap.bind.address", "127.0.0.1");
        p.put("coap.port", 0);
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        return ServerOptions.fromProperties(p);
    }

    private String get(int port, String path) throws Exception {
        CoapResponse response = coap.client(port, path).get();
        assertNotNull(response, "no response from port " + port);
        assertEquals(ResponseCode.CONTENT, response.getCode());
        return response.getResponseText();
    }

    static int freeUdpPort() throws SocketException {
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            return probe.getLocalPort();
        }
    }

    @Test
    void servesAPublishedResourceAndListsItWithItsAttributes() throws Exception {
        server.apply(options());
        TextResource temperature = new TextResource("temperature", "21.5");
        temperature.addAttribute("position", "bologna").getAttributes().addResourceType("temp");
        server.addResource(temperature, ExtendedResource.class);
        server.addResource(new TextResource("other", "x"), ExtendedResource.class, "misc");

        int port = server.getPort();
        assertEquals("21.5", get(port, "temperature"));
        assertEquals("x", get(port, "misc/other"));

        String all = get(port, ".well-known/core");
        assertTrue(all.contains("</temperature>"), all);
        assertTrue(all.contains("position=\"bologna\""), all);
        assertTrue(all.contains("rt=\"temp\""), all);
        assertTrue(all.contains("</misc/other>"), all);
        assertFalse(all.contains("</misc>"), "invisible parent listed: " + all);

        String filtered = get(port, ".well-known/core?rt=temp");
        assertTrue(filtered.contains("</temperature>"), filtered);
        assertFalse(filtered.contains("</misc/other>"), filtered);
    }

    @Test
    void observersAreNotifiedOfChanges() throws Exception {
        server.apply(options());
        TextResource value = new TextResource("value", "1");
        server.addResource(value, ExtendedResource.class);

        BlockingQueue<String> notifications = new LinkedBlockingQueue<>();
        CoapClient client = coap.client(server.getPort(), "value");
        CoapObserveRelation relation = client.observe(new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                notifications.add(response.getResponseText());
            }

            @Override
            public void onError() {
                notifications.add("error");
            }
        });
        try {
            assertEquals("1", notifications.poll(NOTIFICATION_DEADLINE_SECONDS, TimeUnit.SECONDS));
            value.set("2");
            assertEquals("2", notifications.poll(NOTIFICATION_DEADLINE_SECONDS, TimeUnit.SECONDS));
        } finally {
            relation.proactiveCancel();
        }
    }

    @Test
    void withdrawnResourceIsGone() throws Exception {
        server.apply(options());
        TextResource r = new TextResource("gone", "x");
        server.addResource(r, ExtendedResource.class);
        assertTrue(server.removeResource(r, ExtendedResource.class));

        CoapResponse response = coap.client(server.getPort(), "gone").get();
        assertEquals(ResponseCode.NOT_FOUND, response.getCode());
        assertFalse(get(server.getPort(), ".well-known/core").contains("</gone>"));
    }

    @Test
    void rebindingToAnotherPortKeepsTheResources() throws Exception {
        server.apply(options());
        server.addResource(new TextResource("kept", "yes"), ExtendedResource.class);
        int oldPort = server.getPort();

        int newPort = freeUdpPort();
        server.apply(options("coap.port", newPort));

        assertEquals(newPort, server.getPort());
        assertEquals("yes", get(newPort, "kept"));
        // the old port was released
        try (DatagramSocket reuse = new DatagramSocket(new InetSocketAddress("127.0.0.1", oldPort))) {
            assertEquals(oldPort, reuse.getLocalPort());
        }
    }

    @Test
    void rebindingOnTheSamePortWithOtherLimitsWorks() throws Exception {
        int port = freeUdpPort();
        server.apply(options("coap.port", port));
        server.addResource(new TextResource("kept", "yes"), ExtendedResource.class);

        server.apply(options("coap.port", port, "limits.peers", 10));

        assertEquals(port, server.getPort());
        assertEquals(10, server.options().maxPeers());
        assertEquals("yes", get(port, "kept"));
    }

    @Test
    void aPortInUseIsRefusedAndTheOldEndpointKeepsServing() throws Exception {
        server.apply(options("node.domain", "before"));
        server.addResource(new TextResource("kept", "yes"), ExtendedResource.class);
        int oldPort = server.getPort();

        try (DatagramSocket squatter = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            int taken = squatter.getLocalPort();
            InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                    () -> server.apply(options("coap.port", taken, "node.domain", "after")));
            assertEquals("coap.port", e.field());
            assertTrue(e.getMessage().startsWith("coap.port: " + taken), e.getMessage());
        }
        assertEquals(oldPort, server.getPort());
        assertEquals("before", server.getDomain());
        assertEquals("yes", get(oldPort, "kept"));
    }

    @Test
    void anAddressOfAnotherHostIsRefused() throws Exception {
        server.apply(options());
        int port = server.getPort();
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> server.apply(options("coap.bind.address", "192.0.2.1")));
        assertEquals("coap.bind.address", e.field());
        assertEquals(port, server.getPort());
    }

    @Test
    void largeBodiesTravelBlockwise() throws Exception {
        server.apply(options("limits.block.size", 64));
        // this test is about blockwise transfer, not access: writes are opened explicitly
        server.applyAccessPolicy(AccessPolicy.open());
        String big = "0123456789".repeat(3_000);
        server.addResource(new TextResource("big", big), ExtendedResource.class);

        assertEquals(big, get(server.getPort(), "big"));
        CoapResponse put = coap.client(server.getPort(), "big").put("x".repeat(20_000),
                MediaTypeRegistry.TEXT_PLAIN);
        assertEquals(ResponseCode.CHANGED, put.getCode());
        assertEquals("20000", put.getResponseText());
    }

    @Test
    void aBodyOverTheLimitIsRefused() throws Exception {
        server.apply(options("limits.block.size", 64, "limits.resource.body.size", 1024));
        server.addResource(new TextResource("small", "x"), ExtendedResource.class);
        CoapResponse put = coap.client(server.getPort(), "small").put("x".repeat(5_000),
                MediaTypeRegistry.TEXT_PLAIN);
        assertEquals(ResponseCode.REQUEST_ENTITY_TOO_LARGE, put.getCode());
    }

    @Test
    void disablingUnbindsAndEnablingServesTheSameResourcesAgain() throws Exception {
        server.apply(options());
        server.addResource(new TextResource("kept", "yes"), ExtendedResource.class);

        server.apply(options("coap.enabled", false));
        assertEquals(-1, server.getPort());

        server.apply(options());
        assertEquals("yes", get(server.getPort(), "kept"));
    }

    @Test
    void domainAndGroupChangesReachResourcesThatFollowTheNode() throws Exception {
        server.apply(options("node.domain", "emilia", "node.group", "bologna"));
        int port = server.getPort();
        TextResource follower = new TextResource("follower", "x");
        follower.updateDomainAndGroup(server);
        TextResource fixed = new TextResource("fixed", "x");
        fixed.setDomainAndGroup("elsewhere", "");
        server.addResource(follower, ExtendedResource.class);
        server.addResource(fixed, ExtendedResource.class);
        assertEquals("emilia", follower.getDomain());

        server.apply(options("node.domain", "romagna", "node.group", "rimini"));

        assertEquals(port, server.getPort(), "domain and group alone do not re-bind");
        assertEquals("romagna", follower.getDomain());
        assertEquals("rimini", follower.getGroup());
        assertEquals("elsewhere", fixed.getDomain());
        String links = get(port, ".well-known/core?d=romagna");
        assertTrue(links.contains("</follower>"), links);
        assertTrue(links.contains("gp=\"rimini\""), links);
        assertFalse(links.contains("</fixed>"), links);
    }

    @Test
    void twoServersInOneJvmGetTheirOwnPorts() throws Exception {
        try (GatewayCoapServer second = new GatewayCoapServer()) {
            server.apply(options());
            second.apply(options());
            assertNotEquals(server.getPort(), second.getPort());
            assertTrue(second.boundAddress().getAddress().equals(InetAddress.getByName("127.0.0.1")));
        }
    }

    /** Counts the POSTs it executes and answers each with the count so far. */
    static final class CountingResource extends ExtendedResource {
        final AtomicInteger executed = new AtomicInteger();

        CountingResource(String name) {
            super(name);
        }

        @Override
        public void handlePOST(CoapExchange exchange) {
            exchange.respond(ResponseCode.CHANGED, Integer.toString(executed.incrementAndGet()));
        }
    }

    /** Sends one datagram as it is and returns the answer, as a client retransmitting a request would. */
    private static Response exchangeDatagram(DatagramSocket socket, byte[] datagram, int port) throws Exception {
        socket.send(new DatagramPacket(datagram, datagram.length, InetAddress.getLoopbackAddress(), port));
        byte[] buffer = new byte[2048];
        DatagramPacket answer = new DatagramPacket(buffer, buffer.length);
        socket.receive(answer);
        Message message = new UdpDataParser().parseMessage(Arrays.copyOf(buffer, answer.getLength()));
        assertTrue(message instanceof Response, "not a response: " + message);
        return (Response) message;
    }

    private static byte[] confirmablePost(String path, int mid, byte token) {
        Request post = Request.newPost();
        post.setConfirmable(true);
        post.setMID(mid);
        post.setToken(new byte[] { token });
        post.getOptions().setUriPath(path);
        post.setPayload("reading");
        return new UdpDataSerializer().getByteArray(post);
    }

    @Test
    void aRetransmittedRequestIsAnsweredAgainWithoutBeingExecutedTwice() throws Exception {
        server.apply(options());
        server.applyAccessPolicy(AccessPolicy.open()); // about deduplication, not access
        CountingResource counter = new CountingResource("count");
        server.addResource(counter, ExtendedResource.class);
        try (DatagramSocket device = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            device.setSoTimeout(5_000);
            byte[] first = confirmablePost("count", 1, (byte) 1);
            assertEquals("1", exchangeDatagram(device, first, server.getPort()).getPayloadString());
            // the same message again (its ACK was lost, say): the same answer, the POST not executed again
            Response again = exchangeDatagram(device, first, server.getPort());
            assertEquals(ResponseCode.CHANGED, again.getCode());
            assertEquals("1", again.getPayloadString());
            // still recognised after the device sent as many newer messages as the default memory keeps besides it
            int remembered = ServerOptions.defaults().dedupMessagesPerPeer();
            for (int mid = 2; mid <= remembered; mid++) {
                exchangeDatagram(device, confirmablePost("count", mid, (byte) mid), server.getPort());
            }
            assertEquals("1", exchangeDatagram(device, first, server.getPort()).getPayloadString());
            assertEquals(remembered, counter.executed.get(), "each message executed once");
        }
    }

    @Test
    void theDeduplicationMemoryPerDeviceIsBounded() throws Exception {
        server.apply(options("limits.dedup.messages.per.peer", 8));
        server.applyAccessPolicy(AccessPolicy.open());
        CountingResource counter = new CountingResource("count");
        server.addResource(counter, ExtendedResource.class);
        try (DatagramSocket device = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            device.setSoTimeout(5_000);
            byte[] first = confirmablePost("count", 1, (byte) 1);
            exchangeDatagram(device, first, server.getPort());
            for (int mid = 2; mid <= 9; mid++) {
                exchangeDatagram(device, confirmablePost("count", mid, (byte) mid), server.getPort());
            }
            // eight newer messages pushed the first out: a (very late) copy of it is taken as a new request,
            // which is the price of a memory that does not grow with the request rate
            assertEquals("10", exchangeDatagram(device, first, server.getPort()).getPayloadString());
        }
    }
}
