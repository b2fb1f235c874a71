package io.coaptree.driver.kura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.kura.channel.ChannelFlag;
import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.listener.ChannelEvent;
import org.eclipse.kura.channel.listener.ChannelListener;
import org.eclipse.kura.driver.PreparedRead;
import org.eclipse.kura.type.DataType;
import org.eclipse.kura.type.TypedValues;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.driver.coap.ServerPort;
import io.coaptree.driver.options.DriverOptions;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.ServerOptions;

/**
 * The driver as Kura's asset provider uses it, against a real gateway CoAP server whose allow-list admits only
 * {@code kura:driver-a} as a writer.
 */
class CoapDriverTest {

    private static GatewayCoapServer server;
    private static TestResource temperature;
    private static TestResource json;
    private static TestResource senml;
    private static TestResource garbage;
    private static TestResource switchResource;
    private static TestResource silent;

    @BeforeAll
    static void startServer() {
        server = new GatewayCoapServer();
        server.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1")));
        server.applyAccessPolicy(new AccessPolicy(false, true, Set.of(new PeerIdentity("kura", "driver-a"))));
        temperature = add(new TestResource("temperature", "21.5", 0, false));
        json = add(new TestResource("json", "{\"humidity\":48,\"ok\":true}", 50, false));
        senml = add(new TestResource("senml", "[{\"bn\":\"urn:dev:1:\",\"n\":\"temp\",\"v\":20.25},"
                + "{\"n\":\"door\",\"vb\":true}]", 110, false));
        garbage = add(new TestResource("garbage", "warm", 0, false));
        switchResource = add(new TestResource("switch", "off", 0, false));
        silent = add(new TestResource("silent", "", 0, true));
    }

    private static TestResource add(TestResource resource) {
        server.addResource(resource, ExtendedResource.class);
        return resource;
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static CoapDriver driver(String identity, long timeoutMillis, long retryMillis) {
        PeerIdentity caller = identity == null ? null : new PeerIdentity(PeerIdentity.KURA, identity);
        return new CoapDriver(new ServerPort(server, caller),
                new DriverOptions(identity == null ? "" : identity, timeoutMillis, 16, retryMillis), "test-driver");
    }

    @Test
    void aPreparedReadReadsEveryChannelAtOnceEachWithItsOwnStatus() throws Exception {
        List<ChannelRecord> records = List.of(
                Channels.read("temperature", DataType.DOUBLE, "coap.resource", "/temperature"),
                Channels.read("humidity", DataType.INTEGER, "coap.resource", "/json", "coap.content.format", "json",
                        "coap.value.name", "humidity"),
                Channels.read("door", DataType.BOOLEAN, "coap.resource", "/senml", "coap.content.format",
                        "senml-json", "coap.value.name", "urn:dev:1:door"),
                Channels.read("missing", DataType.DOUBLE, "coap.resource", "/nowhere"),
                Channels.read("garbage", DataType.DOUBLE, "coap.resource", "/garbage"),
                Channels.read("wrongFormat", DataType.DOUBLE, "coap.resource", "/temperature",
                        "coap.content.format", "cbor"),
                Channels.read("badResource", DataType.DOUBLE, "coap.resource", "temperature"));
        try (CoapDriver driver = driver(null, 5_000, 1_000); PreparedRead read = driver.prepareRead(records)) {
            List<ChannelRecord> first = read.execute();
            assertEquals(records, first);
            assertSuccess(first.get(0), 21.5);
            assertSuccess(first.get(1), 48);
            assertSuccess(first.get(2), true);
            assertFailure(first.get(3), "read /nowhere: 4.04 Not Found, the resource does not exist");
            assertFailure(first.get(4), "undecodable as DOUBLE in text/plain: 'warm' is not a DOUBLE");
            assertFailure(first.get(5), "Content-Format 0, the channel expects application/cbor");
            assertFailure(first.get(6), "channel badResource refused: coap.resource: 'temperature' is not a path");

            temperature.set("22.0");
            assertSuccess(read.execute().get(0), 22.0);
            temperature.set("21.5");
        }
    }

    @Test
    void writesAsItsOwnIdentityWhichTheAllowListAdmitsOrRefuses() throws Exception {
        try (CoapDriver admitted = driver("driver-a", 5_000, 1_000);
                CoapDriver other = driver("driver-b", 5_000, 1_000);
                CoapDriver anonymous = driver(null, 5_000, 1_000)) {
            ChannelRecord on = Channels.write("switch", TypedValues.newBooleanValue(true), "coap.resource",
                    "/switch");
            admitted.write(List.of(on));
            assertEquals(ChannelFlag.SUCCESS, on.getChannelStatus().getChannelFlag(), on.toString());
            assertEquals("true", switchResource.lastWrite);
            assertEquals(0, switchResource.lastWriteFormat, "sent as text/plain");

            ChannelRecord refused = Channels.write("switch", TypedValues.newBooleanValue(false), "coap.resource",
                    "/switch", "coap.write.method", "post");
            other.write(List.of(refused));
            assertFailure(refused, "write /switch: 4.03 Forbidden, the owning gateway's allow-list does not admit");
            assertEquals("true", switchResource.lastWrite, "a refused write changes nothing");

            ChannelRecord unauthenticated = Channels.write("switch", TypedValues.newBooleanValue(false),
                    "coap.resource", "/switch");
            anonymous.write(List.of(unauthenticated));
            assertFailure(unauthenticated, "4.01");
        }
    }

    @Test
    void aReadWithoutAnswerFailsWithinTheRequestTimeoutSayingSo() throws Exception {
        try (CoapDriver driver = driver(null, 300, 1_000)) {
            ChannelRecord record = Channels.read("silent", DataType.STRING, "coap.resource", "/silent");
            long start = System.nanoTime();
            driver.read(List.of(record));
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertFailure(record, "read /silent: no answer within 300 ms (timeout");
            assertTrue(tookMillis < 2_000, "took " + tookMillis + " ms");
        }
    }

    @Test
    void callsThatTimedOutGiveTheirPlaceBackToLaterCalls() throws Exception {
        try (CoapDriver driver = new CoapDriver(new ServerPort(server, null), new DriverOptions("", 200, 1, 1_000),
                "test-driver")) {
            for (int i = 0; i < 3; i++) {
                ChannelRecord silentRead = Channels.read("silent", DataType.STRING, "coap.resource", "/silent");
                driver.read(List.of(silentRead));
                assertFailure(silentRead, "timeout");
            }
            ChannelRecord read = Channels.read("temperature", DataType.DOUBLE, "coap.resource", "/temperature");
            driver.read(List.of(read));
            assertSuccess(read, 21.5);
        }
    }

    @Test
    void listenersOfOneResourceShareARelationReleasedWithTheLastOne() throws Exception {
        try (CoapDriver driver = driver(null, 5_000, 1_000)) {
            Events a = new Events();
            Events b = new Events();
            Map<String, Object> channel = Channels.config("value", DataType.BOOLEAN, "coap.resource", "/senml",
                    "coap.content.format", "senml-json", "coap.value.name", "urn:dev:1:door");
            driver.registerChannelListener(channel, a);
            driver.registerChannelListener(channel, b);
            assertSuccess(a.next(), true);
            assertSuccess(b.next(), true);
            await(() -> senml.getObserverCount() == 1, "one relation for both listeners");
            assertEquals(1, driver.feedCount());

            senml.set("[{\"n\":\"urn:dev:1:door\",\"vb\":false}]".getBytes(StandardCharsets.UTF_8), 110);
            assertSuccess(a.next(), false);
            ChannelEvent event = b.queue.poll(5, TimeUnit.SECONDS);
            assertEquals("value", event.getChannelRecord().getChannelName());
            assertSuccess(event.getChannelRecord(), false);

            driver.unregisterChannelListener(a);
            assertEquals(1, senml.getObserverCount(), "b still listens");
            driver.unregisterChannelListener(b);
            await(() -> senml.getObserverCount() == 0, "the relation is released with the last listener");
            assertEquals(0, driver.feedCount());
        } finally {
            senml.set(("[{\"bn\":\"urn:dev:1:\",\"n\":\"temp\",\"v\":20.25},{\"n\":\"door\",\"vb\":true}]")
                    .getBytes(StandardCharsets.UTF_8), 110);
        }
    }

    @Test
    void aRelationThatEndsIsReportedAndRegisteredAgain() throws Exception {
        TestResource flaky = add(new TestResource("flaky", "1", 0, false));
        try (CoapDriver driver = driver(null, 5_000, 100)) {
            Events events = new Events();
            driver.registerChannelListener(Channels.config("flaky", DataType.LONG, "coap.resource", "/flaky"), events);
            assertSuccess(events.next(), 1L);

            server.removeResource(flaky, ExtendedResource.class); // its observers get 4.04: the relation ends
            assertFailure(events.next(), "observe /flaky: 4.04 Not Found");
            TestResource back = add(new TestResource("flaky", "2", 0, false));
            ChannelRecord again = events.next();
            while (again.getChannelStatus().getChannelFlag() == ChannelFlag.FAILURE) {
                again = events.next(); // retries while the resource was still gone
            }
            assertSuccess(again, 2L);
            back.set("3");
            assertSuccess(events.next(), 3L);
            driver.unregisterChannelListener(events);
            await(() -> back.getObserverCount() == 0, "released");
            server.removeResource(back, ExtendedResource.class);
        }
    }

    @Test
    void aPollingListenerReportsChangesOnly() throws Exception {
        TestResource polled = add(new TestResource("polled", "5", 0, false));
        try (CoapDriver driver = driver(null, 5_000, 1_000)) {
            Events events = new Events();
            driver.registerChannelListener(Channels.config("polled", DataType.INTEGER, "coap.resource", "/polled",
                    "coap.listen.mode", "poll", "coap.poll.interval.ms", "100"), events);
            assertSuccess(events.next(), 5);
            int gets = polled.gets.get();
            await(() -> polled.gets.get() >= gets + 3, "polled again");
            assertNull(events.queue.poll(), "no event without a change");
            polled.set("6");
            assertSuccess(events.next(), 6);
            assertEquals(0, polled.getObserverCount(), "no relation in poll mode");
            driver.unregisterChannelListener(events);
        } finally {
            server.removeResource(polled, ExtendedResource.class);
        }
    }

    @Test
    void aNewConfigurationKeepsListenersAndPreparedReadsAndCallsAsTheNewIdentity() throws Exception {
        TestResource level = add(new TestResource("level", "1", 0, false));
        try (CoapDriver driver = driver("driver-b", 5_000, 1_000)) {
            Events events = new Events();
            driver.registerChannelListener(Channels.config("level", DataType.INTEGER, "coap.resource", "/level"),
                    events);
            assertSuccess(events.next(), 1);
            ChannelRecord write = Channels.write("level", TypedValues.newIntegerValue(2), "coap.resource", "/level");
            driver.write(List.of(write));
            assertFailure(write, "4.03");
            PreparedRead read = driver.prepareRead(List.of(Channels.read("level", DataType.INTEGER, "coap.resource",
                    "/level")));

            driver.reconfigure(new ServerPort(server, new PeerIdentity(PeerIdentity.KURA, "driver-a")),
                    new DriverOptions("driver-a", 5_000, 16, 1_000));
            assertSuccess(events.next(), 1); // registered again: the current value first
            driver.write(List.of(write));
            assertEquals(ChannelFlag.SUCCESS, write.getChannelStatus().getChannelFlag(), write.toString());
            assertSuccess(events.next(), 2);
            assertSuccess(read.execute().get(0), 2);
            await(() -> level.getObserverCount() == 1, "the old relation is gone, the new one runs");
            driver.unregisterChannelListener(events);
        } finally {
            server.removeResource(level, ExtendedResource.class);
        }
    }

    @Test
    void aLookupResourceReadsWhatTheTreesLookupFinds() throws Exception {
        TestResource lookup = new TestResource("res", "</temperature>;rt=\"temperature\";ct=0,</json>", 40, false);
        server.addResource(lookup, ExtendedResource.class, "tree-lookup");
        try (CoapDriver driver = driver(null, 5_000, 1_000)) {
            ChannelRecord found = Channels.read("t", DataType.DOUBLE, "coap.resource", "lookup:rt=temperature");
            driver.read(List.of(found));
            assertSuccess(found, 21.5);
            lookup.set(new byte[0], 40); // nothing matches any more, but the path found is kept until it answers 4.04
            ChannelRecord again = Channels.read("t", DataType.DOUBLE, "coap.resource", "lookup:rt=temperature");
            driver.read(List.of(again));
            assertSuccess(again, 21.5);
            ChannelRecord none = Channels.read("h", DataType.DOUBLE, "coap.resource", "lookup:rt=humidity");
            driver.read(List.of(none));
            assertFailure(none, "no resource of the tree matches rt=humidity");
        } finally {
            server.removeResource(lookup, ExtendedResource.class);
        }
    }

    @Test
    void aListenerOnABadChannelIsRefusedNamingTheField() {
        try (CoapDriver driver = driver(null, 5_000, 1_000)) {
            InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                    () -> driver.registerChannelListener(Channels.config("x", DataType.DOUBLE, "coap.resource",
                            "/temperature", "coap.content.format", "xml"), new Events()));
            assertEquals("coap.content.format", refused.field());
            Map<String, Object> badType = Channels.config("x", DataType.DOUBLE, "coap.resource", "/temperature");
            badType.put("+value.type", "DECIMAL");
            assertEquals("+value.type", assertThrows(InvalidPropertyException.class,
                    () -> driver.registerChannelListener(badType, new Events())).field());
            assertEquals(0, driver.feedCount());
        }
    }

    private static void assertSuccess(ChannelRecord record, Object expected) {
        assertEquals(ChannelFlag.SUCCESS, record.getChannelStatus().getChannelFlag(), record.toString());
        assertEquals(expected, record.getValue().getValue(), record.toString());
        assertTrue(record.getTimestamp() > 0);
    }

    private static void assertFailure(ChannelRecord record, String expectedPart) {
        assertEquals(ChannelFlag.FAILURE, record.getChannelStatus().getChannelFlag(), record.toString());
        String message = record.getChannelStatus().getExceptionMessage();
        assertTrue(message.contains(expectedPart), message);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean(), what);
    }

    /** A channel listener that keeps its events. */
    static final class Events implements ChannelListener {

        final BlockingQueue<ChannelEvent> queue = new LinkedBlockingQueue<>();

        @Override
        public void onChannelEvent(ChannelEvent event) {
            queue.add(event);
        }

        ChannelRecord next() throws InterruptedException {
            ChannelEvent event = queue.poll(5, TimeUnit.SECONDS);
            assertTrue(event != null, "an event within 5 s");
            return event.getChannelRecord();
        }
    }
}
