package io.coaptree.harness.pki;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPkiTest {

    @TempDir
    Path dir;

    @Test
    void serverAndClientCertificatesChainToTheCaButNotToAnotherCa() throws Exception {
        TestPki pki = TestPki.create(dir.resolve("a"));
        pki.serverCertificate().verify(pki.caCertificate().getPublicKey());
        pki.clientCertificate().verify(pki.caCertificate().getPublicKey());
        TestPki other = pki.otherCa(dir.resolve("b"));
        assertThrows(java.security.SignatureException.class,
                () -> other.clientCertificate().verify(pki.caCertificate().getPublicKey()));
        assertTrue(pki.serverCertificate().getSubjectAlternativeNames().stream()
                .anyMatch(name -> "127.0.0.1".equals(name.get(1))));
        for (Path pem : new Path[] { pki.caCertificatePem(), pki.serverCertificatePem(), pki.serverKeyPem(),
                pki.clientCertificatePem(), pki.clientKeyPem() }) {
            assertTrue(Files.readString(pem).startsWith("-----BEGIN "), pem.toString());
        }
    }

    @Test
    void keystoresOpenWithTheirPasswordAndHoldTheChain() throws Exception {
        TestPki pki = TestPki.create(dir);
        char[] password = "secret".toCharArray();
        KeyStore keys = load(pki.serverKeystore("gw", password), password);
        assertTrue(keys.isKeyEntry("gw"));
        assertEquals(2, keys.getCertificateChain("gw").length);
        assertEquals(pki.serverCertificate(), (X509Certificate) keys.getCertificate("gw"));
        KeyStore trust = load(pki.truststore(password), password);
        assertEquals(pki.caCertificate(), trust.getCertificate("ca"));
        assertThrows(java.io.IOException.class, () -> load(pki.clientKeystore("c", password), "wrong".toCharArray()));
    }

    @Test
    void anotherClientHasItsOwnNameKeyAndTheCaToTrust() throws Exception {
        TestPki pki = TestPki.create(dir);
        char[] password = "secret".toCharArray();
        TestPki.ClientIdentity gateway = pki.client("gA1", "mqtt", password);
        KeyStore store = load(gateway.keystore(), password);
        X509Certificate certificate = (X509Certificate) store.getCertificate("mqtt");
        assertEquals("CN=gA1,O=CoAPTree Test", certificate.getSubjectX500Principal().getName());
        certificate.verify(pki.caCertificate().getPublicKey());
        assertTrue(store.isKeyEntry("mqtt"));
        assertEquals(pki.caCertificate(), store.getCertificate("ca"));
        assertTrue(Files.readString(gateway.keyPem()).startsWith("-----BEGIN EC PRIVATE KEY"));
        assertTrue(Files.readString(gateway.certificatePem()).startsWith("-----BEGIN CERTIFICATE"));
    }

    private static KeyStore load(Path file, char[] password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        return store;
    }
}
