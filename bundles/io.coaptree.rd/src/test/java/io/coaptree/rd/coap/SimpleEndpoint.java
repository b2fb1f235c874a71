package io.coaptree.rd.coap;

import java.net.InetSocketAddress;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.core.server.resources.Resource;

/**
 * A constrained device doing simple registration: a CoAP server whose {@code /.well-known/core} serves a fixed
 * document (or never answers), and which POSTs to the directory from its own server port.
 */
final class SimpleEndpoint implements AutoCloseable {

    private final CoapServer server;
    private final CoapEndpoint endpoint;

    private SimpleEndpoint(String document) {
        endpoint = DirectoryFixture.newClientEndpoint();
        server = new CoapServer();
        server.addEndpoint(endpoint);
        Resource wellKnown = server.getRoot().getChild(".well-known");
        wellKnown.delete(wellKnown.getChild("core"));
        wellKnown.add(new CoapResource("core") {
            @Override
            public void handleGET(CoapExchange exchange) {
                if (document == null) {
                    // a device too busy to answer: acknowledged, never served
                    exchange.accept();
                    return;
                }
                exchange.respond(ResponseCode.CONTENT, document, MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            }
        });
        server.start();
    }

    static SimpleEndpoint serving(String document) {
        return new SimpleEndpoint(document);
    }

    static SimpleEndpoint silent() {
        return new SimpleEndpoint(null);
    }

    String base() {
        InetSocketAddress address = endpoint.getAddress();
        return "coap://127.0.0.1:" + address.getPort();
    }

    /** POSTs an empty body from this device's server port. */
    CoapResponse post(String uri) throws Exception {
        CoapClient client = new CoapClient(uri);
        client.setEndpoint(endpoint);
        client.setTimeout(15_000L);
        return client.post(new byte[0], MediaTypeRegistry.UNDEFINED);
    }

    @Override
    public void close() {
        server.destroy();
    }
}
