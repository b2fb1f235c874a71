package io.coaptree.it.dtls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.pki.TestPki;
import io.coaptree.it.Libcoap;
import io.coaptree.it.TestGateway;

/**
 * The DTLS certificate taken from Kura KeystoreService instances picked with KeystoreService.target and
 * TruststoreKeystoreService.target, as Kura's SSL manager does; the emulated node's keystore factory is Kura's.
 */
class KuraKeystoreDtlsTest {

    private static final String KEYSTORE_FACTORY = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";

    @Test
    void aClientCertificateIsVerifiedAgainstTheKuraTruststore() throws Exception {
        TestPki pki = TestPki.create(TestGateway.freshStorage("kura-keystore-pki"));
        Path keystore = pki.serverKeystore("coaptree", "key-pass".toCharArray());
        Path truststore = pki.truststore("trust-pass".toCharArray());
        try (TestGateway gateway = TestGateway.start("kura-keystore",
                Map.of("access.writes", "authenticated"))) {
            keystoreInstance(gateway, "DtlsKeystore", keystore, "key-pass");
            keystoreInstance(gateway, "DtlsTruststore", truststore, "trust-pass");
            Map<String, Object> dtls = new HashMap<>();
            dtls.put("coaps.enabled", true);
            dtls.put("coaps.port", 0);
            dtls.put("dtls.certificates.source", "kura-keystore");
            dtls.put("KeystoreService.target", "(kura.service.pid=DtlsKeystore)");
            dtls.put("TruststoreKeystoreService.target", "(kura.service.pid=DtlsTruststore)");
            dtls.put("dtls.keystore.alias", "coaptree");
            gateway.node().updateConfiguration(TestGateway.SERVER_PID, dtls);
            assertTrue(gateway.node().awaitServiceProperty(TestGateway.SERVER_SERVICE,
                    "(&(coaps.port=*)(!(coap.config.error=*)))", Duration.ofSeconds(30)),
                    "DTLS endpoint; refusal: " + gateway.node().serviceProperty(TestGateway.SERVER_SERVICE,
                            "(coap.port=*)", "coap.config.error"));

            Libcoap.Result put = Libcoap.run("coap-client-openssl", "-c", pki.clientCertificatePem().toString(), "-j",
                    pki.clientKeyPem().toString(), "-R", pki.caCertificatePem().toString(), "-B", "5", "-m", "put",
                    "-e", "on", gateway.secureUri("/switch"));
            assertEquals("on", put.output(), put.output());

            // a client whose certificate comes from another CA is refused by the Kura truststore
            TestPki other = pki.otherCa(TestGateway.freshStorage("kura-keystore-other"));
            Libcoap.Result stranger = Libcoap.run("coap-client-openssl", "-c",
                    other.clientCertificatePem().toString(), "-j", other.clientKeyPem().toString(), "-B", "5", "-m",
                    "put", "-e", "off", gateway.secureUri("/switch"));
            assertTrue(!stranger.output().equals("off"), stranger.output());
        }
    }

    private static void keystoreInstance(TestGateway gateway, String pid, Path file, String password)
            throws Exception {
        Map<String, Object> properties = new HashMap<>();
        properties.put("service.factoryPid", KEYSTORE_FACTORY);
        properties.put("keystore.path", file.toString());
        properties.put("keystore.password", gateway.node().encryptPassword(password));
        gateway.node().updateConfiguration(pid, properties);
        assertTrue(gateway.node().awaitServiceProperty("org.eclipse.kura.security.keystore.KeystoreService",
                "(kura.service.pid=" + pid + ")", Duration.ofSeconds(20)), "keystore service " + pid);
    }
}
