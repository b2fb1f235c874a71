package io.coaptree.harness.kura.keystore;

import java.io.IOException;
import java.math.BigInteger;
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
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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
import org.eclipse.kura.configuration.ComponentConfiguration;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.configuration.ConfigurationService;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.security.keystore.KeystoreService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PKCS12 keystore file managed like Kura 5.6's FilesystemKeystoreServiceImpl: same factory PID and property names,
 * so Kura snapshots that create keystore instances (e.g. SSLKeystore) work on an emulated node unchanged, and the same
 * password rules. A missing file is created under the configured password when the instance is activated or given a
 * new path. The component is delayed, as Kura's: it is activated when first used, and deactivated when its last user
 * lets it go. With {@code randomize.password=true} (Kura's distribution ships SSLKeystore so, with the password
 * "changeit") the activation replaces the password with a random one: key entries re-protected, the file rewritten,
 * the new password recorded in the CryptoService and written back into the instance's configuration (with
 * {@code randomize.password=false}) through the ConfigurationService once it tracks the instance, so every gateway
 * ends up with its own. The file is opened with the configured password, else the one the CryptoService recorded
 * for its path. A new password applied in the configuration re-protects the file with it.
 */
@Component(name = FilesystemKeystoreService.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
        service = { KeystoreService.class, ConfigurableComponent.class })
public final class FilesystemKeystoreService implements KeystoreService, ConfigurableComponent {

    public static final String FACTORY_PID = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";

    private static final Duration SELF_SIGNED_VALIDITY = Duration.ofDays(365);
    private static final Logger LOG = LoggerFactory.getLogger(FilesystemKeystoreService.class);

    private final CryptoService crypto;
    private final ConfigurationService configurationService;
    private final List<CRL> crls = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService selfUpdater = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "keystore-password-writer");
        t.setDaemon(true);
        return t;
    });
    private FilesystemKeystoreOptions options;
    private KeystoreFile file;

    @Activate
    public FilesystemKeystoreService(@Reference CryptoService crypto,
            @Reference ConfigurationService configurationService, Map<String, Object> properties)
            throws KuraException {
        this.crypto = crypto;
        this.configurationService = configurationService;
        this.options = FilesystemKeystoreOptions.from(properties, crypto);
        this.file = new KeystoreFile(this.options.path());
        createIfMissing();
        if (this.options.randomize()) {
            try {
                randomizePassword();
            } catch (KuraException e) {
                // As Kura: the instance still comes up; opening the file tells what is wrong.
                LOG.warn("keystore {}: the password could not be randomized", this.options.pid(), e);
            }
        }
    }

    @Modified
    synchronized void updated(Map<String, Object> properties) throws KuraException {
        FilesystemKeystoreOptions next = FilesystemKeystoreOptions.from(properties, this.crypto);
        if (!next.path().equals(this.options.path())) {
            this.options = next;
            this.file = new KeystoreFile(next.path());
            createIfMissing();
        } else if (!next.samePassword(this.options)) {
            KeystoreFile.Opened opened = open();
            this.options = next;
            if (!Arrays.equals(opened.password(), next.password())) {
                changePassword(opened, next.password());
            }
        } else {
            this.options = next;
        }
    }

    @Deactivate
    void deactivate() {
        this.selfUpdater.shutdownNow();
    }

    private void createIfMissing() throws KuraException {
        if (this.file.exists()) {
            return;
        }
        try {
            this.file.create(this.options.password());
            this.crypto.setKeyStorePassword(this.file.path().toString(), this.options.password());
        } catch (IOException | GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.IO_ERROR, e, "cannot create keystore " + this.file.path());
        }
    }

    /** Kura's first-boot randomization: a 160-bit random password, in base 32 as Kura writes it. */
    private void randomizePassword() throws KuraException {
        char[] fresh = new BigInteger(160, new SecureRandom()).toString(32).toCharArray();
        changePassword(open(), fresh);
        // The ConfigurationService merges these over the running values, as an Apply in the WebUI does.
        Map<String, Object> written = new HashMap<>();
        written.put(FilesystemKeystoreOptions.KEY_PASSWORD, new Password(fresh));
        written.put(FilesystemKeystoreOptions.KEY_RANDOMIZE, Boolean.FALSE);
        String pid = this.options.pid();
        // The ConfigurationService tracks this instance only once its service is registered, after this constructor.
        this.selfUpdater.scheduleWithFixedDelay(() -> {
            try {
                ComponentConfiguration current = this.configurationService.getComponentConfiguration(pid);
                if (current != null && current.getDefinition() != null) {
                    this.configurationService.updateConfiguration(pid, written);
                    this.selfUpdater.shutdown();
                }
            } catch (KuraException | RuntimeException e) {
                LOG.warn("keystore {}: its new password could not be written into its configuration yet", pid, e);
            }
        }, 100, 1000, TimeUnit.MILLISECONDS);
    }

    private void changePassword(KeystoreFile.Opened opened, char[] to) throws KuraException {
        try {
            this.file.changePassword(opened, to);
            this.crypto.setKeyStorePassword(this.file.path().toString(), to);
        } catch (IOException | GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot change the password of keystore "
                    + this.file.path());
        }
    }

    /** Opened with the configured password, else the CryptoService's for this path, which is then kept up to date. */
    private KeystoreFile.Opened open() throws KuraException {
        String path = this.file.path().toString();
        char[] recorded = this.crypto.getKeyStorePassword(path);
        KeystoreFile.Opened opened = this.file.open(Arrays.asList(this.options.password(), recorded));
        if (!Arrays.equals(recorded, opened.password())) {
            this.crypto.setKeyStorePassword(path, opened.password());
        }
        return opened;
    }

    @Override
    public synchronized KeyStore getKeyStore() throws KuraException {
        return open().keyStore();
    }

    @Override
    public synchronized Entry getEntry(String alias) throws KuraException {
        KeystoreFile.Opened opened = open();
        KeyStore keyStore = opened.keyStore();
        try {
            return keyStore.isKeyEntry(alias) ? keyStore.getEntry(alias, new PasswordProtection(opened.password()))
                    : keyStore.getEntry(alias, null);
        } catch (GeneralSecurityException e) {
            throw new KuraException(KuraErrorCode.SECURITY_EXCEPTION, e, "cannot read entry " + alias);
        }
    }

    @Override
    public synchronized void setEntry(String alias, Entry entry) throws KuraException {
        KeystoreFile.Opened opened = open();
        try {
            opened.keyStore().setEntry(alias, entry,
                    entry instanceof TrustedCertificateEntry ? null : new PasswordProtection(opened.password()));
            this.file.save(opened.keyStore(), opened.password());
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
        KeystoreFile.Opened opened = open();
        try {
            opened.keyStore().deleteEntry(alias);
            this.file.save(opened.keyStore(), opened.password());
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

    private synchronized List<KeyManager> keyManagers(KeyManagerFactory factory)
            throws KuraException, GeneralSecurityException {
        KeystoreFile.Opened opened = open();
        factory.init(opened.keyStore(), opened.password());
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

}
