package io.coaptree.server.core;

import java.net.InetSocketAddress;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

/** A Californium client on its own endpoint (the shared default one would write a properties file). */
final class CoapTestClient implements AutoCloseable {

    private final CoapEndpoint endpoint;

    CoapTestClient() {
        CoapConfig.register();
        UdpConfig.register();
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
        endpoint = new CoapEndpoint.Builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build();
    }

    /** @return a client for {@code coap://127.0.0.1:port/path}, with a timeout so a silent server fails the test */
    CoapClient client(int port, String path) {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + port + "/" + path);
        client.setEndpoint(endpoint);
        client.setTimeout(5_000L);
        return client;
    }

    @Override
    public void close() {
        endpoint.destroy();
    }
}
