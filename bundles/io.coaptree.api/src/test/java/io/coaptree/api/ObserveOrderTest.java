package io.coaptree.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two changes in quick succession must leave an observer with the second state. The interleaving that used to lose
 * it is forced: the first change's answer is held back on its way out until the second change has been answered.
 */
class ObserveOrderTest {

    static {
        CoapConfig.register();
        UdpConfig.register();
    }

    private CoapServer server;
    private CoapClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        if (server != null) {
            server.destroy();
        }
    }

    /**
     * Answers its state. The first change's answer is held in the exchange's own queue (a task ahead of it that
     * waits for the test), as a busy protocol thread would hold it, until the second change has been answered too.
     */
    private static final class HeldResource extends ExtendedResource {

        volatile String state = "0";
        final AtomicInteger answers = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);

        HeldResource() {
            super("held");
            setObservable(true);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            if (answers.incrementAndGet() == 2) { // 1: the registration, 2: the first change
                exchange.advanced().execute(() -> {
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            exchange.respond(state);
        }
    }

    @Test
    void anObserverEndsWithTheNewestStateWhenTwoChangesOverlap() throws Exception {
        HeldResource resource = new HeldResource();
        Configuration config = Configuration.createStandardWithoutFile();
        server = new CoapServer(config);
        server.addEndpoint(new CoapEndpoint.Builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build());
        server.add(resource);
        server.start();
        int port = server.getEndpoints().get(0).getAddress().getPort();

        BlockingQueue<String> seen = new LinkedBlockingQueue<>();
        client = new CoapClient("coap://127.0.0.1:" + port + "/held");
        CoapObserveRelation relation = client.observe(new CoapHandler() {
            @Override
            public void onLoad(CoapResponse response) {
                seen.add(response.getResponseText());
            }

            @Override
            public void onError() {
                seen.add("error");
            }
        });
        assertEquals("0", seen.poll(10, TimeUnit.SECONDS), "the registration's answer");

        resource.state = "1";
        resource.changed();
        resource.state = "2";
        resource.changed();
        assertEquals(3, resource.answers.get(), "both changes answered");
        resource.release.countDown();

        String last = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!"2".equals(last) && System.nanoTime() < deadline) {
            String next = seen.poll(100, TimeUnit.MILLISECONDS);
            last = next == null ? last : next;
        }
        assertEquals("2", last, "the observer must see the second state");
        relation.proactiveCancel();
    }
}
