package io.coaptree.bench.coap;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import io.coaptree.bench.server.BareCoapServer;

/** Tests of CoAP clients against a real Californium server on loopback, one per test class. */
abstract class LoopbackServerTest {

    static BareCoapServer server;

    @BeforeAll
    static void startServer() {
        server = new BareCoapServer("127.0.0.1", 0).start();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }
}
