package io.coaptree.examples.component;

import java.net.InetSocketAddress;
import java.util.Map;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;

/** A gateway's CoAP server on a free loopback port, plus a Californium client to talk to it. */
final class LocalNode implements AutoCloseable {

    final GatewayCoapServer server = new GatewayCoapServer();
    private final CoapEndpoint clientEndpoint;

    LocalNode(String domain, String group) {
        server.apply(ServerOptions.fromProperties(Map.of("coap.bind.address", "127.0.0.1", "coap.port", 0,
                "node.domain", domain, "node.group", group)));
        // These tests drive the resources over plain CoAP; the secure default (writes need DTLS) is the server's
        // own tests' business.
        server.applyAccessPolicy(AccessPolicy.open());
        CoapConfig.register();
        UdpConfig.register();
        clientEndpoint = new CoapEndpoint.Builder().setConfiguration(Configuration.createStandardWithoutFile())
                .setInetSocketAddress(new InetSocketAddress("127.0.0.1", 0)).build();
    }

    CoapClient client(String path) {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + server.getPort() + "/" + path);
        client.setEndpoint(clientEndpoint);
        client.setTimeout(5_000L);
        return client;
    }

    @Override
    public void close() {
        clientEndpoint.destroy();
        server.close();
    }
}
