package io.coaptree.server.dtls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.Secret;

/**
 * The key material the DTLS endpoint runs with, loaded and checked from {@link DtlsOptions}: the server's private key
 * and certificate chain, and the CA certificates trusted for client certificates. Every failure is an
 * {@link InvalidPropertyException} naming the property to fix (wrong password, missing alias, unreadable file, no
 * KeystoreService). Two instances are equal when their material is, so re-applying an unchanged configuration does not
 * re-key the endpoint.
 */
public final class DtlsCredentials {

    private static final DtlsCredentials NONE = new DtlsCredentials(null, new X509Certificate[0], List.of());

    private final PrivateKey privateKey;
    private final X509Certificate[] chain;
    private final List<X509Certificate> trusted;
    private final byte[] fingerprint;

    private DtlsCredentials(PrivateKey privateKey, X509Certificate[] chain, List<X509Certificate> trusted) {
        this.privateKey = privateKey;
        this.chain = chain;
        this.trusted = List.copyOf(trusted);
        this.fingerprint = fingerprint(privateKey, chain, this.trusted);
    }

    /** @return no certificates (PSK only) */
    public static DtlsCredentials none() {
        return NONE;
    }

    /**
     * @param privateKey the server's key
     * @param chain its certificate chain, the server's own certificate first
     * @param trusted CA certificates trusted for client certificates, may be empty
     */
    public static DtlsCredentials of(PrivateKey privateKey, X509Certificate[] chain, List<X509Certificate> trusted) {
        if (privateKey == null || chain == null || chain.length == 0) {
            throw new IllegalArgumentException("a private key and at least one certificate are needed");
        }
        return new DtlsCredentials(privateKey, chain.clone(), trusted);
    }

    /**
     * Loads what {@code options} point at.
     *
     * @param services the entries of the selected Kura KeystoreServices (used with source kura-keystore)
     * @throws InvalidPropertyException naming the property that must change
     */
    public static DtlsCredentials load(DtlsOptions options, KeystoreEntries services) {
        if (!options.enabled()) {
            return NONE;
        }
        return switch (options.certificateSource()) {
        case NONE -> NONE;
        case FILES -> fromFiles(options);
        case KURA_KEYSTORE -> fromServices(options, services);
        };
    }

    private static DtlsCredentials fromFiles(DtlsOptions options) {
        KeyStore keys = open(options.keystorePath(), options.keystorePassword(), DtlsOptions.KEYSTORE_PATH.id(),
                DtlsOptions.KEYSTORE_PASSWORD.id());
        PrivateKey key;
        Certificate[] chain;
        try {
            if (!keys.containsAlias(options.keyAlias())) {
                throw new InvalidPropertyException(DtlsOptions.KEY_ALIAS.id(), "no entry '" + options.keyAlias()
                        + "' in " + options.keystorePath() + " (aliases: " + Collections.list(keys.aliases()) + ")");
            }
            if (!keys.isKeyEntry(options.keyAlias())) {
                throw new InvalidPropertyException(DtlsOptions.KEY_ALIAS.id(),
                        "'" + options.keyAlias() + "' in " + options.keystorePath() + " is not a private key entry");
            }
            key = (PrivateKey) keys.getKey(options.keyAlias(), options.keystorePassword().chars());
            chain = keys.getCertificateChain(options.keyAlias());
        } catch (UnrecoverableKeyException e) {
            throw new InvalidPropertyException(DtlsOptions.KEYSTORE_PASSWORD.id(),
                    "does not unlock the key '" + options.keyAlias() + "'", e);
        } catch (GeneralSecurityException e) {
            throw new InvalidPropertyException(DtlsOptions.KEYSTORE_PATH.id(), "cannot read the key: " + e.getMessage(),
                    e);
        }
        List<X509Certificate> trusted = List.of();
        if (!options.truststorePath().isEmpty()) {
            KeyStore trust = open(options.truststorePath(), options.truststorePassword(),
                    DtlsOptions.TRUSTSTORE_PATH.id(), DtlsOptions.TRUSTSTORE_PASSWORD.id());
            trusted = trustedCertificates(trust, DtlsOptions.TRUSTSTORE_PATH.id());
        }
        return new DtlsCredentials(key, x509(chain, DtlsOptions.KEY_ALIAS.id()), trusted);
    }

    private static DtlsCredentials fromServices(DtlsOptions options, KeystoreEntries services) {
        if (services == null || services.keys() == null) {
            throw new InvalidPropertyException(DtlsOptions.KEYSTORE_SERVICE_TARGET.id(),
                    "no KeystoreService matches the target");
        }
        KeyStore.Entry entry = services.keys().get(options.keyAlias());
        if (!(entry instanceof KeyStore.PrivateKeyEntry keyEntry)) {
            throw new InvalidPropertyException(DtlsOptions.KEY_ALIAS.id(),
                    "the selected KeystoreService has no private key '" + options.keyAlias() + "' (entries: "
                            + services.keys().keySet() + ")");
        }
        List<X509Certificate> trusted = new ArrayList<>();
        if (services.trust() == null) {
            throw new InvalidPropertyException(DtlsOptions.TRUSTSTORE_SERVICE_TARGET.id(),
                    "no KeystoreService matches the target");
        }
        for (KeyStore.Entry trustEntry : services.trust().values()) {
            if (trustEntry instanceof KeyStore.TrustedCertificateEntry certificate
                    && certificate.getTrustedCertificate() instanceof X509Certificate x509) {
                trusted.add(x509);
            }
        }
        return new DtlsCredentials(keyEntry.getPrivateKey(),
                x509(keyEntry.getCertificateChain(), DtlsOptions.KEY_ALIAS.id()), trusted);
    }

    private static KeyStore open(String path, Secret password, String pathField, String passwordField) {
        Path file = Path.of(path);
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance(path.toLowerCase(java.util.Locale.ROOT).endsWith(".jks") ? "JKS"
                    : "PKCS12");
            store.load(in, password.chars());
            return store;
        } catch (NoSuchFileException e) {
            throw new InvalidPropertyException(pathField, path + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new InvalidPropertyException(pathField, path + " cannot be read (permission denied)", e);
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException || String.valueOf(e.getMessage())
                    .toLowerCase(java.util.Locale.ROOT).contains("password")) {
                throw new InvalidPropertyException(passwordField, "does not open " + path, e);
            }
            throw new InvalidPropertyException(pathField, path + " cannot be read as a keystore (" + e.getMessage()
                    + ")", e);
        } catch (GeneralSecurityException e) {
            throw new InvalidPropertyException(pathField, path + " cannot be read as a keystore (" + e.getMessage()
                    + ")", e);
        }
    }

    private static List<X509Certificate> trustedCertificates(KeyStore store, String field) {
        List<X509Certificate> certificates = new ArrayList<>();
        try {
            for (Enumeration<String> aliases = store.aliases(); aliases.hasMoreElements();) {
                String alias = aliases.nextElement();
                if (store.isCertificateEntry(alias) && store.getCertificate(alias) instanceof X509Certificate x509) {
                    certificates.add(x509);
                }
            }
        } catch (KeyStoreException e) {
            throw new InvalidPropertyException(field, "cannot list certificates: " + e.getMessage(), e);
        }
        if (certificates.isEmpty()) {
            throw new InvalidPropertyException(field, "holds no trusted certificate");
        }
        return certificates;
    }

    private static X509Certificate[] x509(Certificate[] chain, String field) {
        if (chain == null || chain.length == 0) {
            throw new InvalidPropertyException(field, "the key has no certificate chain");
        }
        X509Certificate[] x509 = new X509Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            if (!(chain[i] instanceof X509Certificate certificate)) {
                throw new InvalidPropertyException(field, "the key's chain holds a non-X.509 certificate");
            }
            x509[i] = certificate;
        }
        return x509;
    }

    /** @return whether a server key is present */
    public boolean hasServerKey() {
        return privateKey != null;
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public X509Certificate[] chain() {
        return chain.clone();
    }

    public List<X509Certificate> trusted() {
        return trusted;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DtlsCredentials that && Arrays.equals(fingerprint, that.fingerprint);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fingerprint);
    }

    @Override
    public String toString() {
        return privateKey == null ? "no certificates"
                : "certificate " + chain[0].getSubjectX500Principal().getName() + ", " + trusted.size()
                        + " trusted CA(s)";
    }

    private static byte[] fingerprint(PrivateKey key, X509Certificate[] chain, List<X509Certificate> trusted) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            if (key != null && key.getEncoded() != null) {
                digest.update(key.getEncoded());
            }
            for (X509Certificate certificate : chain) {
                digest.update(certificate.getEncoded());
            }
            for (X509Certificate certificate : trusted) {
                digest.update(certificate.getEncoded());
            }
            return digest.digest();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

}
