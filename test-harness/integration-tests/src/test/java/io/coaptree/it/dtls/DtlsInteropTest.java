package io.coaptree.it.dtls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.coaptree.harness.pki.TestPki;
import io.coaptree.it.Libcoap;
import io.coaptree.it.TestGateway;

/**
 * CoAP over DTLS against an emulated gateway, driven by libcoap (OpenSSL and GnuTLS builds): PSK, client
 * certificates, the access policy, and credentials changed through ConfigAdmin as the WebUI does.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DtlsInteropTest {

    private static final String SWITCH = "/switch";
    private static final String ALICE_KEY = "alice-secret-1";
    private static final String BOB_KEY = "bob-secret-22";

    private static TestGateway gateway;
    private static TestPki pki;

    @BeforeAll
    static void start() throws Exception {
        pki = TestPki.create(TestGateway.freshStorage("dtls-pki"));
        Path keystore = pki.serverKeystore("gw", "store-pass".toCharArray());
        Path truststore = pki.truststore("trust-pass".toCharArray());
        // writes as the product ships them: authenticated peers only
        gateway = TestGateway.start("dtls", Map.of("access.writes", "authenticated"));
        Map<String, Object> dtls = new HashMap<>();
        dtls.put("coaps.enabled", true);
        dtls.put("coaps.port", 0);
        // Password values given in plain: updateConfiguration encrypts them as the WebUI would
        dtls.put("dtls.psk.credentials", "alice=" + ALICE_KEY + ";bob=" + BOB_KEY);
        dtls.put("dtls.certificates.source", "files");
        dtls.put("dtls.keystore.path", keystore.toString());
        dtls.put("dtls.keystore.password", "store-pass");
        dtls.put("dtls.keystore.alias", "gw");
        dtls.put("dtls.truststore.path", truststore.toString());
        dtls.put("dtls.truststore.password", "trust-pass");
        dtls.put("dtls.client.auth", "wanted");
        dtls.put("access.writers", "psk:alice\nx509:" + TestPki.CLIENT_SUBJECT);
        gateway.node().updateConfiguration(TestGateway.SERVER_PID, dtls);
        assertTrue(gateway.securePort() > 0);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    private static Libcoap.Result psk(String client, String identity, String key, String... request)
            throws Exception {
        String[] args = new String[request.length + 6];
        args[0] = "-u";
        args[1] = identity;
        args[2] = "-k";
        args[3] = key;
        args[4] = "-B";
        args[5] = "5";
        System.arraycopy(request, 0, args, 6, request.length);
        return Libcoap.run(client, args);
    }

    @Test
    @Order(1)
    void pskGetAndPutSucceedWithOpenSsl() throws Exception {
        Libcoap.Result read = psk("coap-client-openssl", "alice", ALICE_KEY, "-m", "get",
                gateway.secureUri("/temperature"));
        assertTrue(read.output().matches("(?s).*\\d.*"), "a reading, got: " + read.output());
        Libcoap.Result put = psk("coap-client-openssl", "alice", ALICE_KEY, "-m", "put", "-e", "on",
                gateway.secureUri(SWITCH));
        assertEquals("on", put.output(), put.output());
        Libcoap.Result state = psk("coap-client-openssl", "alice", ALICE_KEY, "-m", "get", gateway.secureUri(SWITCH));
        assertEquals("on", state.output());
    }

    @Test
    @Order(2)
    void pskGetAndPutSucceedWithGnuTls() throws Exception {
        Libcoap.Result put = psk("coap-client-gnutls", "alice", ALICE_KEY, "-m", "put", "-e", "off",
                gateway.secureUri(SWITCH));
        assertEquals("off", put.output(), put.output());
        Libcoap.Result read = psk("coap-client-gnutls", "alice", ALICE_KEY, "-m", "get", gateway.secureUri(SWITCH));
        assertEquals("off", read.output());
    }

    @Test
    @Order(3)
    void aClientCertificateAuthenticatesAndMayWrite() throws Exception {
        for (String client : new String[] { "coap-client-openssl", "coap-client-gnutls" }) {
            String wanted = client.endsWith("openssl") ? "on" : "off";
            Libcoap.Result put = Libcoap.run(client, "-c", pki.clientCertificatePem().toString(), "-j",
                    pki.clientKeyPem().toString(), "-R", pki.caCertificatePem().toString(), "-B", "5", "-m", "put",
                    "-e", wanted, gateway.secureUri(SWITCH));
            assertEquals(wanted, put.output(), client + ": " + put.output());
        }
    }

    @Test
    @Order(4)
    void aWrongPskFails() throws Exception {
        // libcoap exits 0 when the handshake fails: the output tells
        Libcoap.Result read = psk("coap-client-openssl", "alice", "not-the-key", "-m", "get",
                gateway.secureUri(SWITCH));
        assertFalse(read.output().equals("on") || read.output().equals("off"), read.output());
    }

    @Test
    @Order(5)
    void plainCoapMayReadButAPutIsUnauthorized() throws Exception {
        Libcoap.Result read = Libcoap.run("coap-client-notls", "-B", "5", "-m", "get", gateway.uri(SWITCH));
        assertTrue(read.output().equals("on") || read.output().equals("off"), read.output());
        Libcoap.Result put = Libcoap.run("coap-client-notls", "-B", "5", "-m", "put", "-e", "on",
                gateway.uri(SWITCH));
        assertTrue(put.output().contains("4.01"), put.output());
    }

    @Test
    @Order(6)
    void anIdentityOutsideTheAllowListIsForbidden() throws Exception {
        Libcoap.Result read = psk("coap-client-openssl", "bob", BOB_KEY, "-m", "get", gateway.secureUri(SWITCH));
        assertTrue(read.output().equals("on") || read.output().equals("off"), read.output());
        Libcoap.Result put = psk("coap-client-openssl", "bob", BOB_KEY, "-m", "put", "-e", "on",
                gateway.secureUri(SWITCH));
        assertTrue(put.output().contains("4.03"), put.output());
    }

    @Test
    @Order(7)
    void aBadKeystorePasswordIsRefusedAndPublishedWhileEverythingKeepsServing() throws Exception {
        gateway.node().updateConfiguration(TestGateway.SERVER_PID, Map.of("dtls.keystore.password", "wrong"));
        assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE,
                "(coap.config.error=*dtls.keystore.password*)", Duration.ofSeconds(20)));
        Libcoap.Result plain = Libcoap.run("coap-client-notls", "-B", "5", "-m", "get", gateway.uri("/temperature"));
        assertTrue(plain.output().matches("(?s).*\\d.*"), plain.output());
        Libcoap.Result secure = psk("coap-client-openssl", "alice", ALICE_KEY, "-m", "get",
                gateway.secureUri("/temperature"));
        assertTrue(secure.output().matches("(?s).*\\d.*"), secure.output());
        gateway.node().updateConfiguration(TestGateway.SERVER_PID, Map.of("dtls.keystore.password", "store-pass"));
        assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE,
                "(&(coaps.port=*)(!(coap.config.error=*)))", Duration.ofSeconds(20)));
    }

    @Test
    @Order(8)
    void pskCredentialsChangedThroughConfigAdminTakeEffect() throws Exception {
        int port = gateway.securePort();
        gateway.node().updateConfiguration(TestGateway.SERVER_PID,
                Map.of("dtls.psk.credentials", "alice=rotated-key-3", "coaps.port", port));
        Libcoap.Result fresh = awaitOutput(() -> psk("coap-client-openssl", "alice", "rotated-key-3", "-m", "get",
                gateway.secureUri(SWITCH)), out -> out.equals("on") || out.equals("off"));
        assertNotNull(fresh);
        assertEquals(port, gateway.securePort(), "re-keyed on the same port");
        Libcoap.Result old = psk("coap-client-openssl", "alice", ALICE_KEY, "-m", "get", gateway.secureUri(SWITCH));
        assertFalse(old.output().equals("on") || old.output().equals("off"), old.output());
    }

    private interface Call {
        Libcoap.Result run() throws Exception;
    }

    private static Libcoap.Result awaitOutput(Call call, Predicate<String> wanted) throws Exception {
        Instant deadline = Instant.now().plusSeconds(20);
        Libcoap.Result last;
        do {
            last = call.run();
            if (wanted.test(last.output())) {
                return last;
            }
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("not within 20 s; last output: " + last.output());
    }
}
