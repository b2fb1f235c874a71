package org.eclipse.kura.security.keystore;

import java.security.KeyPair;
import java.security.KeyStore;
import java.security.KeyStore.Entry;
import java.security.SecureRandom;
import java.security.cert.CRL;
import java.security.cert.CertStore;
import java.security.cert.X509CRL;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import javax.net.ssl.KeyManager;
import javax.security.auth.x500.X500Principal;

import org.eclipse.kura.KuraException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One keystore managed by the gateway (Kura runs several, told apart by kura.service.pid, e.g. SSLKeystore).
 * Package version 1.2.0 added {@link #getKeyManagers(String, String)}.
 */
@ProviderType
public interface KeystoreService {

    public KeyStore getKeyStore() throws KuraException;

    public Entry getEntry(String alias) throws KuraException;

    /** Stores or replaces an entry and persists the keystore. */
    public void setEntry(String alias, Entry entry) throws KuraException;

    public Map<String, Entry> getEntries() throws KuraException;

    public void deleteEntry(String alias) throws KuraException;

    public List<KeyManager> getKeyManagers(String algorithm) throws KuraException;

    /** Like {@link #getKeyManagers(String)} with a named JCA provider. */
    public List<KeyManager> getKeyManagers(String algorithm, String provider) throws KuraException;

    /** Generates a key pair with a self-signed certificate under the alias (attributes: the certificate's DN). */
    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm, String attributes)
            throws KuraException;

    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm, String attributes,
            SecureRandom secureRandom) throws KuraException;

    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes, SecureRandom secureRandom) throws KuraException;

    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes) throws KuraException;

    /** A PEM certificate signing request for the key pair. */
    public String getCSR(KeyPair keyPair, X500Principal principal, String signerAlg) throws KuraException;

    public String getCSR(String alias, X500Principal principal, String signerAlg) throws KuraException;

    public List<String> getAliases() throws KuraException;

    public Collection<CRL> getCRLs() throws KuraException;

    public CertStore getCRLStore() throws KuraException;

    public void addCRL(X509CRL crl) throws KuraException;
}
