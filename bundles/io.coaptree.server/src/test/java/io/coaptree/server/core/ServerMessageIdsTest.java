package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.CoAP.Type;
import org.eclipse.californium.core.coap.EmptyMessage;
import org.eclipse.californium.core.coap.Message;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.coap.Token;
import org.eclipse.californium.core.network.serialization.UdpDataParser;
import org.eclipse.californium.core.network.serialization.UdpDataSerializer;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.dtls.DtlsClient;
import io.coaptree.server.dtls.DtlsCredentials;
import io.coaptree.server.dtls.KeystoreEntries;
import io.coaptree.server.messageid.MessageIdAllocator;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.SecretDecoder;
import io.coaptree.server.options.ServerOptions;

/**
 * The message IDs the server chooses, as a client on a real socket sees them (RFC 7252 section 4.4): never one again
 * within 247 s, and when none is free the message is not sent. The server's message IDs are leased by a clock the
 * test moves; a NON request makes the server answer with a NON response, which carries an ID of the server's.
 */
class ServerMessageIdsTest {

    private static final long LIFETIME_MILLIS = MessageIdAllocator.EXCHANGE_LIFETIME.toMillis();
    /** Requests in flight at once: few enough that no socket buffer overflows, so every one has an outcome. */
    private static final int WINDOW = 32;
    private static final long OUTCOME_DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final ManualClock clock = new ManualClock();
    private final GatewayCoapServer server = new GatewayCoapServer(
            () -> TimeUnit.MILLISECONDS.toNanos(clock.millis()));
    /** Observable; its notifications are made non-confirmable, so each takes a message ID of the server's. */
    private final GatewayCoapServerTest.TextResource value = new GatewayCoapServerTest.TextResource("value", "1");

    @AfterEach
    void close() {
        server.close();
    }

    private void start(Object... settings) {
        server.apply(GatewayCoapServerTest.options(settings));
        value.setObserveType(Type.NON);
        server.addResource(value, ExtendedResource.class);
    }

    /**
     * The client: one UDP socket, as a device has. It records, for every message ID the server sent it, when (on the
     * test's clock) it last came, and fails at once on one that came again within 247 s.
     */
    private final class Device implements AutoCloseable {
        final DatagramSocket socket;
        private final long[] lastSeen = new long[1 << 16];
        private int nextMid;
        private int nextToken;
        int repeatedAfterLifetime;
        /** Resets received: requests the server refused. */
        int rejected;

        Device() throws IOException {
            socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
            socket.setSoTimeout(5);
        }

        void send(Request request) throws IOException {
            request.setMID(nextMid++ & 0xFFFF);
            request.setToken(new byte[] { (byte) (nextToken >>> 24), (byte) (nextToken >>> 16),
                    (byte) (nextToken >>> 8), (byte) nextToken++ });
            toServer(new UdpDataSerializer().getByteArray(request));
        }

        private void toServer(byte[] datagram) throws IOException {
            socket.send(new DatagramPacket(datagram, datagram.length, InetAddress.getLoopbackAddress(),
                    server.getPort()));
        }

        /**
         * @return the next message from the server (a response's message ID checked and recorded, a Reset counted),
         *         or null for none yet
         */
        Message receive() throws IOException {
            byte[] buffer = new byte[1500];
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException none) {
                return null;
            }
            Message message = new UdpDataParser().parseMessage(Arrays.copyOf(buffer, packet.getLength()));
            if (message instanceof EmptyMessage) {
                assertEquals(Type.RST, message.getType(), "an empty message other than a Reset");
                rejected++;
            } else if (message.getType() != Type.ACK) { // an ACK carries the request's ID, not one of the server's
                seen(message.getMID());
            }
            return message;
        }

        private void seen(int mid) {
            long now = clock.millis();
            if (lastSeen[mid] != 0) {
                long gap = now - lastSeen[mid];
                if (gap < LIFETIME_MILLIS) {
                    fail("message ID " + mid + " came again after " + gap + " ms, within RFC 7252's "
                            + LIFETIME_MILLIS + " ms");
                }
                repeatedAfterLifetime++;
            }
            lastSeen[mid] = now;
        }

        /** @return the answer to the last request sent; Resets of earlier requests may come first */
        Response await() throws IOException {
            int awaited = (nextMid - 1) & 0xFFFF;
            long deadline = System.nanoTime() + OUTCOME_DEADLINE_NANOS;
            Message message;
            while (!((message = receive()) instanceof Response)) {
                assertFalse(message != null && message.getMID() == awaited, "refused: " + message);
                assertTrue(System.nanoTime() < deadline, "no answer from the server");
            }
            return (Response) message;
        }

        /**
         * Sends {@code count} NON GETs, {@link #WINDOW} at a time, and returns how many were answered. Each request
         * has exactly one outcome, an answer or a refusal the server counts (and answers with a Reset, see
         * {@link #rejected}), so a window is done when they add up.
         */
        int nonGets(int count) throws IOException {
            int answered = 0;
            for (int sent = 0; sent < count;) {
                int window = Math.min(WINDOW, count - sent);
                long refusedBefore = server.messageIdRefusals().total();
                for (int i = 0; i < window; i++) {
                    send(nonGet());
                }
                sent += window;
                int windowAnswered = 0;
                long deadline = System.nanoTime() + OUTCOME_DEADLINE_NANOS;
                while (windowAnswered + server.messageIdRefusals().total() - refusedBefore < window) {
                    assertTrue(System.nanoTime() < deadline, "requests neither answered nor refused");
                    if (receive() instanceof Response response) {
                        assertEquals(ResponseCode.CONTENT, response.getCode());
                        windowAnswered++;
                    }
                }
                answered += windowAnswered;
            }
            return answered;
        }

        /** Acknowledges a confirmable message of the server's, as a client's stack does. */
        void acknowledge(Message message) throws IOException {
            EmptyMessage ack = EmptyMessage.newACK(message);
            ack.setToken(Token.EMPTY);
            toServer(new UdpDataSerializer().getByteArray(ack));
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    /** Observable with confirmable notifications; records the message ID of each one the client acknowledged. */
    private static final class AcknowledgedResource extends ExtendedResource {
        final Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
        private volatile String value = "0";

        AcknowledgedResource() {
            super("acknowledged");
            setObservable(true);
            setObserveType(Type.CON);
        }

        void set(String newValue) {
            value = newValue;
            changed();
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            Response response = new Response(ResponseCode.CONTENT);
            response.setPayload(value);
            response.addMessageObserver(new MessageObserverAdapter() {
                @Override
                public void onAcknowledgement() {
                    acknowledged.add(response.getMID());
                }
            });
            exchange.respond(response);
        }
    }

    /**
     * Californium keeps message IDs 65000 and above for multicast requests unless told otherwise, and drops every ACK
     * numbered there; the server numbers its unicast messages through all 16 bits. A confirmable notification
     * numbered 65000 must still count as acknowledged when the client acknowledges it, and the next one go out: a
     * relayed relation once stalled there, its next notifications held back behind one forever "in transit".
     */
    @Test
    void aConfirmableNotificationNumbered65000OrAboveIsAcknowledged() throws Exception {
        start();
        AcknowledgedResource resource = new AcknowledgedResource();
        server.addResource(resource, ExtendedResource.class);
        try (Device device = new Device()) {
            Request observe = Request.newGet();
            observe.setConfirmable(true);
            observe.setObserve();
            observe.getOptions().setUriPath("acknowledged");
            device.send(observe);
            assertTrue(device.await().getOptions().hasObserve(), "the observation was not established");

            // move the server's sequence towards the client so that its next ID is 65000
            MessageIdAllocator ids = server.messageIdAllocator();
            int last;
            do {
                last = ids.next(device.address());
                if (last < 0) { // the sequence came round to a group it used within 247 s
                    clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME);
                }
            } while (last != 64_999);

            for (int change = 1; change <= 3; change++) {
                resource.set(Integer.toString(change));
                Response notification = device.await();
                assertEquals(Type.CON, notification.getType());
                assertEquals(Integer.toString(change), notification.getPayloadString());
                assertEquals(64_999 + change, notification.getMID());
                device.acknowledge(notification);
                long deadline = System.nanoTime() + OUTCOME_DEADLINE_NANOS;
                while (!resource.acknowledged.contains(notification.getMID())) {
                    assertTrue(System.nanoTime() < deadline,
                            "the ACK of notification " + notification.getMID() + " was not taken");
                    Thread.sleep(5);
                }
            }
        }
    }

    /**
     * A client that makes the server wrap the 16-bit space: 40,000 answers at once, 26,000 more requests 200 s later
     * (only the rest of the space is free: the other requests are refused with a Reset, not answered with an ID the
     * client saw), an Observe notification not sent while nothing is free, and at 247 s IDs it saw at the start come
     * again.
     */
    @Test
    void aClientThatMakesTheServerWrapTheIdSpaceNeverSeesAnIdAgainWithin247Seconds() throws Exception {
        start();
        try (Device device = new Device()) {
            assertEquals(40_000, device.nonGets(40_000));
            assertEquals(0, server.messageIdRefusals().total());

            clock.advance(Duration.ofSeconds(200));
            int answered = device.nonGets(26_000);
            // the sequence began at a random ID; it stops at the start of that ID's group of 4096
            assertTrue(answered >= 61_441 - 40_000 && answered <= 65_536 - 40_000, "answered " + answered);
            long refused = server.messageIdRefusals().allLeased();
            assertEquals(26_000 - answered, refused);
            // refused before they ran, with a Reset; one may instead have lost its answer to a request served beside it
            long fewestResets = refused - ServerOptions.defaults().protocolThreads();
            long resetDeadline = System.nanoTime() + OUTCOME_DEADLINE_NANOS;
            while (device.rejected < fewestResets) {
                assertTrue(System.nanoTime() < resetDeadline, device.rejected + " Resets for " + refused + " refused");
                device.receive();
            }

            // an observation: the first answer rides on the ACK (the request's ID), the notification needs one
            Request observe = Request.newGet();
            observe.setConfirmable(true);
            observe.setObserve();
            observe.getOptions().setUriPath("value");
            device.send(observe);
            Response registered = device.await();
            assertEquals(Type.ACK, registered.getType());
            assertTrue(registered.getOptions().hasObserve(), "the observation was not established");
            long beforeNotification = server.messageIdRefusals().allLeased();
            value.set("refused");
            long deadline = System.nanoTime() + OUTCOME_DEADLINE_NANOS;
            while (server.messageIdRefusals().allLeased() == beforeNotification) {
                assertTrue(System.nanoTime() < deadline, "the notification was not refused");
                assertFalse(device.receive() instanceof Response, "a notification was sent without a free ID");
            }

            clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME.minusSeconds(200));
            value.set("3");
            Response notification = device.await();
            assertEquals(Type.NON, notification.getType());
            assertEquals("3", notification.getPayloadString(), "the refused notification came after all");
            assertEquals(5_000, device.nonGets(5_000), "free again 247 s after the first IDs");
            assertTrue(device.repeatedAfterLifetime > 0, "the server's ID space towards the client wrapped");
        }
    }

    /** A configuration change builds a new endpoint; the IDs given through the old one stay taken. */
    @Test
    void idsGivenBeforeAReBindStayTaken() throws Exception {
        int port = GatewayCoapServerTest.freeUdpPort();
        start("coap.port", port);
        try (Device device = new Device()) {
            device.send(nonGet());
            int before = device.await().getMID();
            server.apply(GatewayCoapServerTest.options("coap.port", port, "limits.dedup.messages.per.peer", 32));
            assertEquals(port, server.getPort());
            device.send(nonGet());
            assertEquals((before + 1) & 0xFFFF, device.await().getMID(),
                    "the new endpoint went on with the sequence, it did not start afresh");
        }
    }

    /**
     * Plain and DTLS endpoints draw from one memory of peers ({@code limits.peers}): with room for one, the DTLS
     * client's answer takes it, the plain device's answer is refused until 247 s have passed.
     */
    @Test
    void bothEndpointsShareOneMemoryOfPeers() throws Exception {
        start("limits.peers", 1);
        DtlsOptions dtls = DtlsOptions.fromProperties(Map.of("coaps.enabled", true, "coaps.port", 0,
                "dtls.psk.credentials", "sensor=sensor-secret"), SecretDecoder.PLAIN);
        server.applyDtls(dtls, DtlsCredentials.load(dtls, KeystoreEntries.NONE));
        try (DtlsClient secure = DtlsClient.psk("sensor", "sensor-secret"); Device device = new Device()) {
            CoapResponse answer = secure.client(server.getSecurePort(), "value").useNONs().get();
            assertNotNull(answer, "no answer over DTLS");
            assertEquals(Type.NON, answer.advanced().getType());

            assertEquals(0, device.nonGets(1));
            assertEquals(new MessageIdAllocator.Refusals(0, 1), server.messageIdRefusals());

            clock.advance(MessageIdAllocator.EXCHANGE_LIFETIME);
            assertEquals(1, device.nonGets(1));
        }
    }

    private static Request nonGet() {
        Request get = Request.newGet();
        get.setType(Type.NON);
        get.getOptions().setUriPath("value");
        return get;
    }
}
