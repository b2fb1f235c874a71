package io.coaptree.server.dtls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.KeyStore;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.harness.pki.TestPki;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.SecretDecoder;

class DtlsCredentialsTest {

    @TempDir
    static Path dir;
    static TestPki pki;
    static Path keystore;
    static Path truststore;

    @BeforeAll
    static void pki() {
        pki = TestPki.create(dir);
        keystore = pki.serverKeystore("gw", "store-pass".toCharArray());
        truststore = pki.truststore("trust-pass".toCharArray());
    }

    private static DtlsOptions files(Object... overrides) {
        Map<String, Object> p = new HashMap<>();
        p.put("coaps.enabled", true);
        p.put("dtls.certificates.source", "files");
        p.put("dtls.keystore.path", keystore.toString());
        p.put("dtls.keystore.password", "store-pass");
        p.put("dtls.keystore.alias", "gw");
        p.put("dtls.truststore.path", truststore.toString());
        p.put("dtls.truststore.password", "trust-pass");
        for (int i = 0; i < overrides.length; i += 2) {
            p.put((String) overrides[i], overrides[i + 1]);
        }
        return DtlsOptions.fromProperties(p, SecretDecoder.PLAIN);
    }

    private static String refusedField(Object... overrides) {
        DtlsOptions options = files(overrides);
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> DtlsCredentials.load(options, KeystoreEntries.NONE));
        assertTrue(!e.getMessage().contains("store-pass") && !e.getMessage().contains("trust-pass"), e.getMessage());
        return e.field();
    }

    @Test
    void loadsTheServerKeyChainAndTrustedCasFromFiles() {
        DtlsCredentials credentials = DtlsCredentials.load(files(), KeystoreEntries.NONE);
        assertTrue(credentials.hasServerKey());
        assertEquals(pki.serverCertificate(), credentials.chain()[0]);
        assertEquals(2, credentials.chain().length);
        assertEquals(java.util.List.of(pki.caCertificate()), credentials.trusted());
        assertEquals(credentials, DtlsCredentials.load(files(), KeystoreEntries.NONE), "same material, equal");
    }

    @Test
    void aWrongPasswordAMissingAliasOrAnUnreadableFileNamesTheField() {
        assertEquals("dtls.keystore.password", refusedField("dtls.keystore.password", "wrong"));
        assertEquals("dtls.truststore.password", refusedField("dtls.truststore.password", "wrong"));
        assertEquals("dtls.keystore.alias", refusedField("dtls.keystore.alias", "nope"));
        assertEquals("dtls.keystore.path", refusedField("dtls.keystore.path", dir.resolve("missing.p12").toString()));
        assertEquals("dtls.keystore.path", refusedField("dtls.keystore.path", pki.caCertificatePem().toString()));
        assertEquals("dtls.truststore.path", refusedField("dtls.truststore.path", dir.resolve("none.p12").toString()));
    }

    @Test
    void kuraKeystoreServicesProvideKeyAndTrust() throws Exception {
        DtlsOptions options = files("dtls.certificates.source", "kura-keystore");
        KeyStore.PrivateKeyEntry key = new KeyStore.PrivateKeyEntry(pki.serverKeyPair().getPrivate(),
                new java.security.cert.Certificate[] { pki.serverCertificate(), pki.caCertificate() });
        Map<String, KeyStore.Entry> keys = Map.of("gw", key);
        Map<String, KeyStore.Entry> trust = Map.of("ca", new KeyStore.TrustedCertificateEntry(pki.caCertificate()));
        DtlsCredentials credentials = DtlsCredentials.load(options, new KeystoreEntries(keys, trust));
        assertEquals(pki.serverCertificate(), credentials.chain()[0]);
        assertEquals(1, credentials.trusted().size());
        assertEquals("KeystoreService.target", assertThrows(InvalidPropertyException.class,
                () -> DtlsCredentials.load(options, KeystoreEntries.NONE)).field());
        assertEquals("dtls.keystore.alias", assertThrows(InvalidPropertyException.class,
                () -> DtlsCredentials.load(options, new KeystoreEntries(Map.of(), trust))).field());
        assertEquals("TruststoreKeystoreService.target", assertThrows(InvalidPropertyException.class,
                () -> DtlsCredentials.load(options, new KeystoreEntries(keys, null))).field());
    }
}
