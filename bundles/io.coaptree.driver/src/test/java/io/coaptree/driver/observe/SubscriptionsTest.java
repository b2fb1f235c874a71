package io.coaptree.driver.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.driver.calls.ChannelCalls;
import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.coap.ServerPort;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;

/** How updates of a shared relation reach listeners that join while updates are still on their way to them. */
class SubscriptionsTest {

    /** An observable text resource. */
    private static final class Counter extends ExtendedResource {
        private volatile String value = "1";

        Counter() {
            super("counter");
            setObservable(true);
        }

        void set(String text) {
            value = text;
            changed();
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, value);
        }
    }

    @Test
    void aListenerJoiningBeforeTheFirstValueWasDeliveredGetsItOnce() throws Exception {
        GatewayCoapServer server = new GatewayCoapServer();
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
        try {
            server.apply(ServerOptions.fromProperties(Map.of("coap.port", 0, "coap.bind.address", "127.0.0.1")));
            Counter counter = new Counter();
            server.addResource(counter, ExtendedResource.class);
            ServerPort port = new ServerPort(server, null);
            ChannelSettings channel = ChannelSettings.from(Map.of("+name", "c", "+value.type", "LONG",
                    "coap.resource", "/counter"), null);
            Subscriptions subscriptions = new Subscriptions(port, new ChannelCalls(port, 5_000, 4), scheduler,
                    1_000);

            // The driver's one thread is busy, so the first value waits in its queue, not yet delivered.
            CountDownLatch busy = new CountDownLatch(1);
            scheduler.execute(() -> awaitQuietly(busy));
            BlockingQueue<Object> first = new LinkedBlockingQueue<>();
            BlockingQueue<Object> second = new LinkedBlockingQueue<>();
            subscriptions.add("first", channel, outcome -> first.add(valueOf(outcome)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (scheduler.getQueue().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, scheduler.getQueue().size(), "the first value is queued for delivery");
            subscriptions.add("second", channel, outcome -> second.add(valueOf(outcome)));
            busy.countDown();

            assertEquals(1L, first.poll(5, TimeUnit.SECONDS));
            assertEquals(1L, second.poll(5, TimeUnit.SECONDS));
            counter.set("2");
            assertEquals(2L, first.poll(5, TimeUnit.SECONDS));
            assertEquals(2L, second.poll(5, TimeUnit.SECONDS), "the next update, not the first value again");
            assertNull(second.poll(200, TimeUnit.MILLISECONDS), "each update once");
            subscriptions.close();
        } finally {
            scheduler.shutdownNow();
            server.close();
        }
    }

    private static Object valueOf(Outcome outcome) {
        assertTrue(outcome instanceof Outcome.Value, outcome.toString());
        return ((Outcome.Value) outcome).value();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
