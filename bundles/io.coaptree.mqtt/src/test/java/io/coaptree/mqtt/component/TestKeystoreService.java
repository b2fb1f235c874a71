package io.coaptree.mqtt.component;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.KeyStore.Entry;
import java.security.cert.CRL;
import java.security.cert.CertStore;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.security.auth.x500.X500Principal;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.security.keystore.KeystoreService;

/**
 * A Kura KeystoreService over an in-memory PKCS12 store: the part the transport uses (the store and its key
 * managers). Kura's own implementation is a file; the emulated node tests that one.
 */
final class TestKeystoreService implements KeystoreService {

    private final KeyStore store;
    private final char[] password;

    private TestKeystoreService(KeyStore store, char[] password) {
        this.store = store;
        this.password = password.clone();
    }

    /** Trusts these certificates only; holds no key. */
    static TestKeystoreService trusting(X509Certificate... anchors) throws GeneralSecurityException {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < anchors.length; i++) {
                store.setCertificateEntry("ca-" + i, anchors[i]);
            }
            return new TestKeystoreService(store, new char[0]);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException(e);
        }
    }

    /** The key and chain of a PKCS12 file (as TestPki writes them), plus trust in the given certificates. */
    static TestKeystoreService withKey(Path pkcs12, char[] password, X509Certificate... anchors) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(pkcs12)) {
            store.load(in, password);
        }
        for (int i = 0; i < anchors.length; i++) {
            store.setCertificateEntry("ca-" + i, anchors[i]);
        }
        return new TestKeystoreService(store, password);
    }

    @Override
    public KeyStore getKeyStore() {
        return store;
    }

    @Override
    public List<KeyManager> getKeyManagers(String algorithm) throws KuraException {
        try {
            KeyManagerFactory factory = KeyManagerFactory.getInstance(algorithm);
            factory.init(store, password);
            return List.of(factory.getKeyManagers());
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "key managers");
        }
    }

    @Override
    public List<KeyManager> getKeyManagers(String algorithm, String provider) throws KuraException {
        return getKeyManagers(algorithm);
    }

    @Override
    public Entry getEntry(String alias) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void setEntry(String alias, Entry entry) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, Entry> getEntries() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void deleteEntry(String alias) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm,
            String attributes) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm,
            String attributes, java.security.SecureRandom secureRandom) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes, java.security.SecureRandom secureRandom) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getCSR(KeyPair keyPair, X500Principal principal, String signerAlg) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getCSR(String alias, X500Principal principal, String signerAlg) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<String> getAliases() throws KuraException {
        try {
            return Collections.list(store.aliases());
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "aliases");
        }
    }

    @Override
    public Collection<CRL> getCRLs() {
        return List.of();
    }

    @Override
    public CertStore getCRLStore() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void addCRL(X509CRL crl) {
        throw new UnsupportedOperationException();
    }
}
