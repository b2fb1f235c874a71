package io.coaptree.server.dtls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.californium.elements.config.CertificateAuthenticationMode;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.dtls.cipher.CipherSuite;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.harness.pki.TestPki;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.SecretDecoder;

/** The options become Scandium's settings, and what only Scandium can judge is refused naming the setting. */
class DtlsConnectorFactoryTest {

    private static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);

    @TempDir
    static Path dir;
    static TestPki pki;

    @BeforeAll
    static void pki() {
        UdpConfig.register();
        pki = TestPki.create(dir);
    }

    private static DtlsOptions options(Object... keyValues) {
        Map<String, Object> p = new HashMap<>();
        p.put("coaps.enabled", true);
        p.put("dtls.psk.credentials", "a=secret1");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        return DtlsOptions.fromProperties(p, SecretDecoder.PLAIN);
    }

    private static Configuration configure(DtlsOptions options, DtlsCredentials credentials) {
        return DtlsConnectorFactory.configure(Configuration.createStandardWithoutFile(), options, credentials);
    }

    @Test
    void cipherSuitesAreTakenByTheirIanaNames() {
        Configuration config = configure(
                options("dtls.cipher.suites", "TLS_PSK_WITH_AES_128_CCM_8, TLS_PSK_WITH_AES_128_GCM_SHA256"),
                DtlsCredentials.none());
        assertEquals(List.of(CipherSuite.TLS_PSK_WITH_AES_128_CCM_8, CipherSuite.TLS_PSK_WITH_AES_128_GCM_SHA256),
                config.get(DtlsConfig.DTLS_CIPHER_SUITES));
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class,
                () -> configure(options("dtls.cipher.suites", "TLS_NULL_WITH_NULL"), DtlsCredentials.none()));
        assertEquals("dtls.cipher.suites", refused.field());
    }

    @Test
    void clientAuthenticationIsAskedOnlyWithAServerKeyAndSomethingToTrust() {
        DtlsCredentials withTrust = DtlsCredentials.of(pki.serverKeyPair().getPrivate(),
                new java.security.cert.X509Certificate[] { pki.serverCertificate() }, List.of(pki.caCertificate()));
        assertEquals(CertificateAuthenticationMode.WANTED, configure(options("dtls.client.auth", "wanted"), withTrust)
                .get(DtlsConfig.DTLS_CLIENT_AUTHENTICATION_MODE));
        assertEquals(CertificateAuthenticationMode.NONE, configure(options("dtls.client.auth", "needed"),
                DtlsCredentials.none()).get(DtlsConfig.DTLS_CLIENT_AUTHENTICATION_MODE), "PSK only");
        DtlsCredentials noTrust = DtlsCredentials.of(pki.serverKeyPair().getPrivate(),
                new java.security.cert.X509Certificate[] { pki.serverCertificate() }, List.of());
        assertEquals("dtls.client.auth", assertThrows(InvalidPropertyException.class,
                () -> configure(options("dtls.client.auth", "needed"), noTrust)).field());
    }

    @Test
    void aTrustedRawPublicKeyScandiumCannotReadIsRefused() {
        DtlsOptions options = options("dtls.rpk.trusted", Base64.getEncoder().encodeToString(new byte[] { 1, 2, 3 }));
        InvalidPropertyException refused = assertThrows(InvalidPropertyException.class, () -> DtlsConnectorFactory
                .create(configure(options, DtlsCredentials.none()), options, DtlsCredentials.none(), ANY_PORT));
        assertEquals("dtls.rpk.trusted", refused.field());
    }
}
