package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.BlockingQueue;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapHandler;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.auth.RawPublicKeyIdentity;
import org.eclipse.californium.scandium.dtls.DTLSContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.api.AccessControlled;
import io.coaptree.api.AccessRequirement;
import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.harness.dtls.DtlsClient;
import io.coaptree.harness.pki.TestPki;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.dtls.DtlsCredentials;
import io.coaptree.server.dtls.KeystoreEntries;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.SecretDecoder;
import io.coaptree.server.options.ServerOptions;

/** The DTLS endpoint with real Scandium clients: PSK, raw public keys, certificates, Connection ID, re-keying. */
class SecureEndpointTest {

    /** Answers with the identity the server saw; PUT stores the body. */
    static class WhoAmI extends ExtendedResource {
        volatile String value = "off";

        WhoAmI(String name) {
            super(name);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT,
                    PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse("anonymous"),
                    MediaTypeRegistry.TEXT_PLAIN);
        }

        @Override
        public void handlePUT(CoapExchange exchange) {
            value = exchange.getRequestText();
            exchange.respond(ResponseCode.CHANGED);
        }
    }

    /** Only psk:maintenance may write here, whatever the server allows. */
    static final class Valve extends WhoAmI implements AccessControlled {
        Valve() {
            super("valve");
        }

        @Override
        public AccessRequirement accessRequirement() {
            return AccessRequirement.writersOnly(new PeerIdentity("psk", "maintenance"));
        }
    }

    @TempDir
    static Path dir;
    static TestPki pki;

    private final GatewayCoapServer server = new GatewayCoapServer();
    private final WhoAmI switchResource = new WhoAmI("switch");

    @BeforeAll
    static void pki() {
        pki = TestPki.create(dir);
        pki.serverKeystore("gw", "store-pass".toCharArray());
        pki.truststore("trust-pass".toCharArray());
    }

    @AfterEach
    void close() {
        server.close();
    }

    private void start(Object... dtlsSettings) {
        server.apply(ServerOptions.fromProperties(Map.of("coap.bind.address", "127.0.0.1", "coap.port", 0)));
        server.addResource(switchResource, ExtendedResource.class);
        server.addResource(new Valve(), ExtendedResource.class);
        applyDtls(dtlsSettings);
    }

    private void applyDtls(Object... settings) {
        Map<String, Object> p = new HashMap<>();
        p.put("coaps.enabled", true);
        p.put("coaps.port", 0);
        for (int i = 0; i < settings.length; i += 2) {
            p.put((String) settings[i], settings[i + 1]);
        }
        DtlsOptions options = DtlsOptions.fromProperties(p, SecretDecoder.PLAIN);
        server.applyDtls(options, DtlsCredentials.load(options, KeystoreEntries.NONE));
    }

    private static Object[] certificateFiles(Object... more) {
        Object[] base = { "dtls.certificates.source", "files", "dtls.keystore.path",
                dir.resolve("server-gw.p12").toString(), "dtls.keystore.password", "store-pass",
                "dtls.keystore.alias", "gw", "dtls.truststore.path", dir.resolve("truststore.p12").toString(),
                "dtls.truststore.password", "trust-pass" };
        Object[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void pskPeersReadAndWriteAndTheResourceSeesTheirIdentity() throws Exception {
        start("dtls.psk.credentials", "alice=alice-secret;maintenance=maint-secret");
        int port = server.getSecurePort();
        assertTrue(port > 0);
        try (DtlsClient alice = DtlsClient.psk("alice", "alice-secret")) {
            assertEquals("psk:alice", alice.client(port, "switch").get().getResponseText());
            assertEquals(ResponseCode.CHANGED, alice.client(port, "switch").put("on", 0).getCode());
            assertEquals("on", switchResource.value);
            // the valve tightens the policy for itself
            assertEquals(ResponseCode.FORBIDDEN, alice.client(port, "valve").put("open", 0).getCode());
        }
        try (DtlsClient maintenance = DtlsClient.psk("maintenance", "maint-secret")) {
            assertEquals(ResponseCode.CHANGED, maintenance.client(port, "valve").put("open", 0).getCode());
        }
        try (DtlsClient wrong = DtlsClient.psk("alice", "not-the-key")) {
            assertTrue(wrong.isRefused(port, "switch"), "a wrong key must not complete the handshake");
        }
    }

    @Test
    void plainCoapMayReadButNotWriteByDefault() throws Exception {
        start("dtls.psk.credentials", "alice=alice-secret");
        try (CoapTestClient plain = new CoapTestClient()) {
            assertEquals("anonymous", plain.client(server.getPort(), "switch").get().getResponseText());
            CoapResponse put = plain.client(server.getPort(), "switch").put("on", 0);
            assertEquals(ResponseCode.UNAUTHORIZED, put.getCode());
            assertTrue(put.getResponseText().contains("coaps://"), "the 4.01 tells the client what to do");
            assertEquals("off", switchResource.value);
            assertEquals(ResponseCode.NOT_FOUND, plain.client(server.getPort(), "nothing").put("x", 0).getCode());
        }
    }

    @Test
    void anAllowListForbidsOtherIdentities() throws Exception {
        start("dtls.psk.credentials", "alice=alice-secret;bob=bob-secret-");
        server.applyAccessPolicy(AccessPolicy.fromProperties(Map.of("access.writers", "psk:alice")));
        try (DtlsClient bob = DtlsClient.psk("bob", "bob-secret-")) {
            CoapResponse refused = bob.client(server.getSecurePort(), "switch").put("on", 0);
            assertEquals(ResponseCode.FORBIDDEN, refused.getCode());
            assertFalse(refused.getResponseText().isBlank(), "the 4.03 carries a diagnostic");
            assertEquals(ResponseCode.CONTENT, bob.client(server.getSecurePort(), "switch").get().getCode());
        }
    }

    @Test
    void rawPublicKeyClientsAreIdentifiedByTheirKey() throws Exception {
        KeyPair clientKeys = ecKeyPair();
        String spki = Base64.getEncoder().encodeToString(clientKeys.getPublic().getEncoded());
        start(certificateFiles("dtls.rpk.enabled", true, "dtls.rpk.trusted", spki));
        String expected = "rpk:" + new RawPublicKeyIdentity(clientKeys.getPublic()).getName();
        try (DtlsClient client = DtlsClient.rawPublicKey(clientKeys)) {
            assertEquals(expected, client.client(server.getSecurePort(), "switch").get().getResponseText());
        }
        try (DtlsClient stranger = DtlsClient.rawPublicKey(ecKeyPair())) {
            assertTrue(stranger.isRefused(server.getSecurePort(), "switch"), "an untrusted key is refused");
        }
    }

    @Test
    void certificateClientsAreIdentifiedByTheirSubject() throws Exception {
        start(certificateFiles());
        try (DtlsClient client = DtlsClient.certificate(pki.clientKeyPair(),
                new java.security.cert.Certificate[] { pki.clientCertificate(), pki.caCertificate() },
                pki.caCertificate())) {
            assertEquals("x509:" + TestPki.CLIENT_SUBJECT,
                    client.client(server.getSecurePort(), "switch").get().getResponseText());
        }
    }

    @Test
    void theServerAssignsAConnectionIdOfTheConfiguredLength() throws Exception {
        start("dtls.psk.credentials", "alice=alice-secret", "dtls.connection.id.length", 4);
        try (DtlsClient alice = DtlsClient.psk("alice", "alice-secret")) {
            assertEquals(ResponseCode.CONTENT, alice.client(server.getSecurePort(), "switch").get().getCode());
            DTLSContext context = alice.context(server.getSecurePort());
            assertNotNull(context);
            assertNotNull(context.getWriteConnectionId(), "the server must have assigned a connection id");
            assertEquals(4, context.getWriteConnectionId().length());
        }
    }

    @Test
    void newCredentialsReKeyTheEndpointOnTheSamePortAndABadKeystoreKeepsTheOldOne() throws Exception {
        start("dtls.psk.credentials", "alice=first-key");
        int port = server.getSecurePort();
        applyDtls("coaps.port", port, "dtls.psk.credentials", "alice=second-key");
        assertEquals(port, server.getSecurePort());
        try (DtlsClient old = DtlsClient.psk("alice", "first-key")) {
            assertTrue(old.isRefused(port, "switch"), "the old key must no longer work");
        }
        try (DtlsClient current = DtlsClient.psk("alice", "second-key")) {
            assertEquals(ResponseCode.CONTENT, current.client(port, "switch").get().getCode());
        }
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class, () -> applyDtls("coaps.port",
                port, "dtls.psk.credentials", "alice=third-key", "dtls.certificates.source", "files",
                "dtls.keystore.path", dir.resolve("server-gw.p12").toString(), "dtls.keystore.password", "wrong",
                "dtls.keystore.alias", "gw"));
        assertEquals("dtls.keystore.password", refused.field());
        try (DtlsClient current = DtlsClient.psk("alice", "second-key")) {
            assertEquals(ResponseCode.CONTENT, current.client(port, "switch").get().getCode());
        }
        applyDtls("coaps.enabled", false);
        assertEquals(-1, server.getSecurePort());
        assertTrue(server.getPort() > 0, "the plain endpoint is untouched");
    }

    @Test
    void reKeyingDropsTheObserversOfTheOldDtlsEndpointOnly() throws Exception {
        ExtendedResource level = new ExtendedResource("level") {
            @Override
            public void handleGET(CoapExchange exchange) {
                exchange.respond(ResponseCode.CONTENT, "42", MediaTypeRegistry.TEXT_PLAIN);
            }
        };
        level.setObservable(true);
        start("dtls.psk.credentials", "alice=first-key");
        server.addResource(level, ExtendedResource.class);
        int port = server.getSecurePort();
        CoapClient plain = new CoapClient("coap://127.0.0.1:" + server.getPort() + "/level");
        try (DtlsClient alice = DtlsClient.psk("alice", "first-key")) {
            CoapObserveRelation overDtls = alice.client(port, "level").observeAndWait(new CoapHandler() {
                @Override
                public void onLoad(CoapResponse response) {
                }

                @Override
                public void onError() {
                }
            });
            BlockingQueue<String> plainNotifications = new LinkedBlockingQueue<>();
            CoapObserveRelation overCoap = plain.observeAndWait(new CoapHandler() {
                @Override
                public void onLoad(CoapResponse response) {
                    plainNotifications.add(response.getResponseText());
                }

                @Override
                public void onError() {
                }
            });
            assertFalse(overDtls.isCanceled() || overCoap.isCanceled(), "both observations established");
            assertEquals(2, level.getObserverCount());
            plainNotifications.clear();

            applyDtls("coaps.port", port, "dtls.psk.credentials", "alice=second-key");

            // the old endpoint's relation ends with it; the plain endpoint's observer is still served
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (level.getObserverCount() != 1 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(1, level.getObserverCount());
            level.changed();
            assertEquals("42", plainNotifications.poll(5, TimeUnit.SECONDS));
        } finally {
            plain.shutdown();
        }
    }

    @Test
    void dtlsCanRunInsteadOfThePlainEndpoint() throws Exception {
        server.apply(ServerOptions.fromProperties(Map.of("coap.bind.address", "127.0.0.1", "coap.enabled", false)));
        server.addResource(switchResource, ExtendedResource.class);
        applyDtls("dtls.psk.credentials", "alice=alice-secret");
        assertEquals(-1, server.getPort());
        try (DtlsClient alice = DtlsClient.psk("alice", "alice-secret")) {
            assertEquals(Optional.of("psk:alice"), Optional.ofNullable(
                    alice.client(server.getSecurePort(), "switch").get()).map(CoapResponse::getResponseText));
        }
    }

    private static KeyPair ecKeyPair() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        return generator.generateKeyPair();
    }
}
