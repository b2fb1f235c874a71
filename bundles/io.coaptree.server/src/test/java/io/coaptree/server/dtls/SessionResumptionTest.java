package io.coaptree.server.dtls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.DtlsEndpointContext;
import org.eclipse.californium.elements.EndpointContext;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.util.Bytes;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.DTLSContext;
import org.eclipse.californium.scandium.dtls.Handshaker;
import org.eclipse.californium.scandium.dtls.SessionAdapter;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedSinglePskStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.SecretDecoder;
import io.coaptree.server.options.ServerOptions;

/**
 * Session resumption as the server performs it, seen from the server's side: the DTLS session each request arrived in.
 * A full handshake always creates a new session (a new id); an abbreviated one (RFC 5246 7.3: no key exchange, no
 * ECDHE) continues the old session under a new handshake.
 */
class SessionResumptionTest {

    private static final String IDENTITY = "sensor-1";
    private static final String KEY = "sensor-1-secret";

    private final GatewayCoapServer server = new GatewayCoapServer();

    /** Answers the id of the DTLS session the request came in (Scandium makes one up for a session without id). */
    private static final class SessionView extends CoapResource {
        SessionView() {
            super("session");
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            EndpointContext source = exchange.advanced().getRequest().getSourceContext();
            Bytes id = source.get(DtlsEndpointContext.KEY_SESSION_ID);
            exchange.respond(ResponseCode.CONTENT, id == null ? "" : id.getAsString(), MediaTypeRegistry.TEXT_PLAIN);
        }
    }

    /** What the server saw of one request. */
    private record Seen(String sessionId) {
        static Seen of(CoapResponse response) {
            assertNotNull(response, "no response over DTLS");
            assertEquals(ResponseCode.CONTENT, response.getCode());
            return new Seen(response.getResponseText());
        }
    }

    /** One Scandium PSK client, as a constrained device would use it. */
    private static final class Client implements AutoCloseable {
        final DTLSConnector connector;
        final CoapEndpoint endpoint;
        final InetSocketAddress server;
        /** DTLS contexts the client established: one per handshake, full or abbreviated. */
        final AtomicInteger handshakes = new AtomicInteger();

        Client(int port) throws Exception {
            CoapConfig.register();
            UdpConfig.register();
            DtlsConfig.register();
            Configuration config = Configuration.createStandardWithoutFile();
            config.set(DtlsConfig.DTLS_ROLE, DtlsRole.CLIENT_ONLY);
            config.set(DtlsConfig.DTLS_CONNECTION_ID_LENGTH, 0);
            config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, 1);
            config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, 1);
            server = new InetSocketAddress("127.0.0.1", port);
            connector = new DTLSConnector(DtlsConnectorConfig.builder(config)
                    .setAddress(new InetSocketAddress("127.0.0.1", 0))
                    .setAdvancedPskStore(new AdvancedSinglePskStore(IDENTITY, KEY.getBytes(StandardCharsets.UTF_8)))
                    .setSessionListener(new SessionAdapter() {
                        @Override
                        public void contextEstablished(Handshaker handshaker, DTLSContext context) {
                            handshakes.incrementAndGet();
                        }
                    }).build());
            endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
            endpoint.start();
        }

        Seen get() throws Exception {
            CoapClient client = new CoapClient("coaps://127.0.0.1:" + server.getPort() + "/session");
            client.setEndpoint(endpoint);
            client.setTimeout(5_000L);
            try {
                return Seen.of(client.get());
            } finally {
                client.shutdown();
            }
        }

        boolean sessionIdIssued() {
            DTLSContext context = connector.getDtlsContextByAddress(server);
            assertNotNull(context, "no DTLS session with the server");
            return !context.getSession().getSessionIdentifier().isEmpty();
        }

        /** The next request starts an abbreviated handshake, as after a long sleep. */
        Seen resumeAndGet() throws Exception {
            connector.forceResumeSessionFor(server);
            return get();
        }

        @Override
        public void close() {
            endpoint.destroy();
        }
    }

    @AfterEach
    void close() {
        server.close();
    }

    private int start(Object... settings) {
        server.apply(ServerOptions.fromProperties(Map.of("coap.bind.address", "127.0.0.1", "coap.port", 0)));
        Map<String, Object> p = new HashMap<>();
        p.put(DtlsOptions.ENABLED.id(), true);
        p.put(DtlsOptions.PORT.id(), 0);
        p.put(DtlsOptions.PSK_CREDENTIALS.id(), IDENTITY + "=" + KEY);
        for (int i = 0; i < settings.length; i += 2) {
            p.put((String) settings[i], settings[i + 1]);
        }
        DtlsOptions options = DtlsOptions.fromProperties(p, SecretDecoder.PLAIN);
        server.applyDtls(options, DtlsCredentials.load(options, KeystoreEntries.NONE));
        server.californium().add(new SessionView());
        return server.getSecurePort();
    }

    @Test
    void byDefaultAClientResumesItsSessionWithAnAbbreviatedHandshake() throws Exception {
        int port = start();
        try (Client client = new Client(port)) {
            Seen full = client.get();
            assertTrue(client.sessionIdIssued(), "the server must issue a session id to make resumption possible");
            for (int i = 1; i <= 3; i++) {
                Seen resumed = client.resumeAndGet();
                assertEquals(1 + i, client.handshakes.get(), "each forced resumption is a handshake of its own");
                assertEquals(full.sessionId(), resumed.sessionId(),
                        "a resumption continues the session; a new id means the server fell back to a full handshake");
            }
        }
    }

    @Test
    void withoutResumptionEveryHandshakeIsFull() throws Exception {
        int port = start(DtlsOptions.SESSION_RESUMPTION.id(), false);
        try (Client client = new Client(port)) {
            Seen first = client.get();
            assertFalse(client.sessionIdIssued(), "no session id, nothing to resume");
            Seen again = client.resumeAndGet();
            assertEquals(2, client.handshakes.get());
            assertNotEquals(first.sessionId(), again.sessionId(), "a full handshake starts a new session");
        }
    }
}
