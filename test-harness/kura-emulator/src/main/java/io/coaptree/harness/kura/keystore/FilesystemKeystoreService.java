package io.coaptree.harness.kura.keystore;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.KeyStore.Entry;
import java.security.KeyStore.PasswordProtection;
import java.security.KeyStore.PrivateKeyEntry;
import java.security.KeyStore.TrustedCertificateEntry;
import java.security.SecureRandom;
import java.security.cert.CRL;
import java.security.cert.CertStore;
import java.security.cert.Certificate;
import java.security.cert.CollectionCertStoreParameters;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.security.spec.AlgorithmParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.pkcs.jcajce.JcaPKCS10CertificationRequestBuilder;
import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.security.keystore.KeystoreService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;

/**
 * A PKCS12 keystore file managed like Kura's FilesystemKeystoreServiceImpl: same factory PID and property names,
 * so Kura snapshots that create keystore instances (e.g. SSLKeystore) work on an emulated node unchanged.
 */
@Component(name = FilesystemKeystoreService.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = { KeystoreService.class, ConfigurableComponent.class })
public final class FilesystemKeystoreService implements KeystoreService, ConfigurableComponent {

    public static final String FACTORY_PID = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";

    private static final Duration SELF_SIGNED_VALIDITY = Duration.ofDays(365);

    private final CryptoService crypto;
    private final List<CRL> crls = new CopyOnWriteArrayList<>();
    private FilesystemKeystoreOptions options;

    @Activate
    public FilesystemKeystoreService(@Reference CryptoService crypto, Map<String, Object> properties)
            throws KuraException {
        this.crypto = crypto;
        updated(properties);
    }

    @Modified
    synchronized void updated(Map<String, Object> properties) throws KuraException {
        this.options = FilesystemKeystoreOptions.from(properties, this.crypto);
        getKeyStore(); // creates the file on first use, as Kura does
    }

    @Override
    public synchronized KeyStore getKeyStore() throws KuraException {
        Path path = this.options.path();
        try {
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            if (Files.exists(path)) {
                try (InputStream in = Files.newInputStream(path)) {
                    keyStore.load(in, this.options.password());
                }
            } else {
                keyStore.load(null, null);
                save(keyStore);
            }
            return keyStore;
        } catch (IOException | GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.IO_ERROR, e, "cannot open keystore " + path);
        }
    }

    @Override
    public synchronized Entry getEntry(String alias) throws KuraException {
        KeyStore keyStore = getKeyStore();
        try {
            return keyStore.isKeyEntry(alias) ? keyStore.getEntry(alias, protection())
                    : keyStore.getEntry(alias, null);
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot read entry " + alias);
        }
    }

    @Override
    public synchronized void setEntry(String alias, Entry entry) throws KuraException {
        KeyStore keyStore = getKeyStore();
        try {
            keyStore.setEntry(alias, entry, entry instanceof TrustedCertificateEntry ? null : protection());
            save(keyStore);
        } catch (GeneralSecurityException | IOException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot store entry " + alias);
        }
    }

    @Override
    public synchronized Map<String, Entry> getEntries() throws KuraException {
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (String alias : getAliases()) {
            entries.put(alias, getEntry(alias));
        }
        return entries;
    }

    @Override
    public synchronized void deleteEntry(String alias) throws KuraException {
        KeyStore keyStore = getKeyStore();
        try {
            keyStore.deleteEntry(alias);
            save(keyStore);
        } catch (GeneralSecurityException | IOException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot delete entry " + alias);
        }
    }

    @Override
    public List<KeyManager> getKeyManagers(String algorithm) throws KuraException {
        try {
            return keyManagers(KeyManagerFactory.getInstance(algorithm));
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "no key manager " + algorithm);
        }
    }

    @Override
    public List<KeyManager> getKeyManagers(String algorithm, String provider) throws KuraException {
        try {
            return keyManagers(KeyManagerFactory.getInstance(algorithm, provider));
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "no key manager " + algorithm);
        }
    }

    private List<KeyManager> keyManagers(KeyManagerFactory factory) throws KuraException, GeneralSecurityException {
        factory.init(getKeyStore(), this.options.password());
        return List.of(factory.getKeyManagers());
    }

    @Override
    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm,
            String attributes) throws KuraException {
        createKeyPair(alias, algorithm, keySize, signatureAlgorithm, attributes, new SecureRandom());
    }

    @Override
    public void createKeyPair(String alias, String algorithm, int keySize, String signatureAlgorithm,
            String attributes, SecureRandom secureRandom) throws KuraException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            generator.initialize(keySize, secureRandom);
            storeSelfSigned(alias, generator.generateKeyPair(), signatureAlgorithm, attributes);
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, e, "cannot create " + algorithm + " key pair");
        }
    }

    @Override
    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes, SecureRandom secureRandom) throws KuraException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            generator.initialize(algorithmParameter, secureRandom);
            storeSelfSigned(alias, generator.generateKeyPair(), signatureAlgorithm, attributes);
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, e, "cannot create " + algorithm + " key pair");
        }
    }

    @Override
    public void createKeyPair(String alias, String algorithm, AlgorithmParameterSpec algorithmParameter,
            String signatureAlgorithm, String attributes) throws KuraException {
        createKeyPair(alias, algorithm, algorithmParameter, signatureAlgorithm, attributes, new SecureRandom());
    }

    private void storeSelfSigned(String alias, KeyPair keyPair, String signatureAlgorithm, String attributes)
            throws KuraException {
        try {
            X500Name subject = new X500Name(attributes);
            Instant now = Instant.now();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject,
                    BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(Duration.ofMinutes(1))),
                    Date.from(now.plus(SELF_SIGNED_VALIDITY)), subject, keyPair.getPublic());
            X509Certificate certificate = new JcaX509CertificateConverter()
                    .getCertificate(builder.build(signer(signatureAlgorithm, keyPair)));
            setEntry(alias, new PrivateKeyEntry(keyPair.getPrivate(), new Certificate[] { certificate }));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, e, "cannot self-sign " + alias);
        }
    }

    @Override
    public String getCSR(KeyPair keyPair, X500Principal principal, String signerAlg) throws KuraException {
        try {
            byte[] der = new JcaPKCS10CertificationRequestBuilder(principal, keyPair.getPublic())
                    .build(signer(signerAlg, keyPair)).getEncoded();
            return "-----BEGIN CERTIFICATE REQUEST-----\n"
                    + Base64.getMimeEncoder(64, new byte[] { '\n' }).encodeToString(der)
                    + "\n-----END CERTIFICATE REQUEST-----\n";
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.ENCODE_ERROR, e, "cannot encode CSR");
        }
    }

    @Override
    public String getCSR(String alias, X500Principal principal, String signerAlg) throws KuraException {
        Entry entry = getEntry(alias);
        if (!(entry instanceof PrivateKeyEntry)) {
            throw new KuraException(KuraErrorCode.NOT_FOUND, "no key pair under alias " + alias);
        }
        PrivateKeyEntry keyEntry = (PrivateKeyEntry) entry;
        return getCSR(new KeyPair(keyEntry.getCertificate().getPublicKey(), keyEntry.getPrivateKey()), principal,
                signerAlg);
    }

    private static ContentSigner signer(String algorithm, KeyPair keyPair) throws KuraException {
        try {
            return new JcaContentSignerBuilder(algorithm).build(keyPair.getPrivate());
        } catch (OperatorCreationException | IllegalArgumentException e) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, e, "unknown signature algorithm " + algorithm);
        }
    }

    @Override
    public synchronized List<String> getAliases() throws KuraException {
        try {
            return new ArrayList<>(Collections.list(getKeyStore().aliases()));
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot list aliases");
        }
    }

    @Override
    public Collection<CRL> getCRLs() throws KuraException {
        return List.copyOf(this.crls);
    }

    @Override
    public CertStore getCRLStore() throws KuraException {
        try {
            return CertStore.getInstance("Collection", new CollectionCertStoreParameters(List.copyOf(this.crls)));
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot build CRL store");
        }
    }

    /** CRLs are kept in memory only: Kura's CRL download and persistence is out of scope for the emulation. */
    @Override
    public void addCRL(X509CRL crl) throws KuraException {
        this.crls.add(crl);
    }

    private PasswordProtection protection() {
        return new PasswordProtection(this.options.password());
    }

    private void save(KeyStore keyStore) throws IOException, GeneralSecurityException {
        Path path = this.options.path().toAbsolutePath();
        Files.createDirectories(path.getParent());
        // Write aside and move, so a crash never leaves a truncated keystore behind.
        Path temp = Files.createTempFile(path.getParent(), path.getFileName().toString(), ".tmp");
        try (OutputStream out = Files.newOutputStream(temp)) {
            keyStore.store(out, this.options.password());
        }
        Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
