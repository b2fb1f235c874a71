package io.coaptree.harness.pki;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away PKI for tests and demos: a CA, a server certificate ({@code CN=localhost}, SAN {@code 127.0.0.1} and
 * {@code localhost}) and a client certificate ({@code CN=client}), all EC P-256, written as PEM files and, on demand,
 * as PKCS12 key- and truststores. Everything is generated when {@link #create(Path)} runs; nothing is meant to be kept.
 */
public final class TestPki {

    /** Subject DN of the client certificate. */
    public static final String CLIENT_SUBJECT = "CN=client,O=CoAPTree Test";
    /** Subject DN of the server certificate. */
    public static final String SERVER_SUBJECT = "CN=localhost,O=CoAPTree Test";

    private static final Duration VALIDITY = Duration.ofDays(2);
    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());
    private static final SecureRandom RANDOM = new SecureRandom();
    /**
     * Bouncy Castle, not registered globally: its EC keys encode the curve and the public key into the private key
     * (SEC1), which GnuTLS needs; the JDK's encoding leaves both out.
     */
    private static final java.security.Provider BC = new org.bouncycastle.jce.provider.BouncyCastleProvider();

    private final Path dir;
    private final KeyPair caKeys;
    private final X509Certificate caCertificate;
    private final KeyPair serverKeys;
    private final X509Certificate serverCertificate;
    private final KeyPair clientKeys;
    private final X509Certificate clientCertificate;

    private TestPki(Path dir, String caName) throws GeneralSecurityException, IOException {
        this.dir = Files.createDirectories(dir);
        caKeys = newKeyPair();
        // X500Principal keeps the RFC 2253 order, so getSubjectX500Principal().getName() gives back these strings
        X500Principal ca = new X500Principal("CN=" + caName + ",O=CoAPTree Test");
        caCertificate = sign(ca, caKeys, ca, caKeys, Role.CA);
        serverKeys = newKeyPair();
        serverCertificate = sign(new X500Principal(SERVER_SUBJECT), serverKeys, ca, caKeys, Role.SERVER);
        clientKeys = newKeyPair();
        clientCertificate = sign(new X500Principal(CLIENT_SUBJECT), clientKeys, ca, caKeys, Role.CLIENT);
        writePem(caCertificatePem(), caCertificate);
        writePem(serverCertificatePem(), serverCertificate);
        writePem(serverKeyPem(), serverKeys.getPrivate());
        writePem(clientCertificatePem(), clientCertificate);
        writePem(clientKeyPem(), clientKeys.getPrivate());
    }

    /**
     * Generates a CA, a server and a client certificate and writes their PEM files into {@code dir}.
     *
     * @param dir where the files go (created if missing)
     * @return the PKI
     */
    public static TestPki create(Path dir) {
        return create(dir, "CoAPTree Test CA");
    }

    private static TestPki create(Path dir, String caName) {
        try {
            return new TestPki(dir, caName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate test credentials", e);
        }
    }

    /**
     * @param otherDir where the other PKI's files go
     * @return an unrelated PKI (a different CA) whose certificates this PKI's truststore does not accept
     */
    public TestPki otherCa(Path otherDir) {
        return create(otherDir, "CoAPTree Other CA");
    }

    public Path caCertificatePem() { return dir.resolve("ca.pem"); }
    public Path serverCertificatePem() { return dir.resolve("server.pem"); }
    public Path serverKeyPem() { return dir.resolve("server-key.pem"); }
    public Path clientCertificatePem() { return dir.resolve("client.pem"); }
    public Path clientKeyPem() { return dir.resolve("client-key.pem"); }

    public X509Certificate caCertificate() { return caCertificate; }
    public X509Certificate serverCertificate() { return serverCertificate; }
    public X509Certificate clientCertificate() { return clientCertificate; }
    public KeyPair serverKeyPair() { return serverKeys; }
    public KeyPair clientKeyPair() { return clientKeys; }

    /**
     * @return a PKCS12 keystore ({@code server-<alias>.p12}) holding the server key under {@code alias} with the chain
     *         server certificate, CA certificate
     */
    public Path serverKeystore(String alias, char[] password) {
        return keystore("server-" + alias + ".p12", alias, password, serverKeys.getPrivate(), serverCertificate);
    }

    /** @return a PKCS12 keystore ({@code client-<alias>.p12}) holding the client key and chain under {@code alias} */
    public Path clientKeystore(String alias, char[] password) {
        return keystore("client-" + alias + ".p12", alias, password, clientKeys.getPrivate(), clientCertificate);
    }

    /** @return a PKCS12 truststore ({@code truststore.p12}) holding the CA certificate under alias {@code ca} */
    public Path truststore(char[] password) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setCertificateEntry("ca", caCertificate);
            return save(store, dir.resolve("truststore.p12"), password);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build truststore", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client identity of its own: its PEM files and a PKCS12 store with its key, chain and the CA. */
    public record ClientIdentity(String name, Path certificatePem, Path keyPem, Path keystore) {
    }

    /**
     * Issues another client certificate, e.g. one per gateway for a broker that takes the CN as user name.
     *
     * @param name the CN ({@code CN=<name>,O=CoAPTree Test}, clientAuth); also the files' base name
     * @return {@code <name>.pem}, {@code <name>-key.pem} and {@code <name>.p12}, which holds the key and chain under
     *         {@code alias} and the CA certificate as trusted entry {@code ca}: everything a client needs for mutual
     *         TLS with a server of this PKI
     */
    public ClientIdentity client(String name, String alias, char[] password) {
        try {
            KeyPair keys = newKeyPair();
            X509Certificate certificate = sign(new X500Principal("CN=" + name + ",O=CoAPTree Test"), keys,
                    caCertificate.getSubjectX500Principal(), caKeys, Role.CLIENT);
            Path certificatePem = dir.resolve(name + ".pem");
            Path keyPem = dir.resolve(name + "-key.pem");
            writePem(certificatePem, certificate);
            writePem(keyPem, keys.getPrivate());
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(alias, keys.getPrivate(), password, new Certificate[] { certificate, caCertificate });
            store.setCertificateEntry("ca", caCertificate);
            return new ClientIdentity(name, certificatePem, keyPem, save(store, dir.resolve(name + ".p12"), password));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot issue a client certificate for " + name, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A client's TLS context from one PKCS12 store: its trusted entries are the trust anchors, its key entry (if any)
     * the client certificate; a store without a key entry connects without one.
     */
    public static javax.net.ssl.SSLContext tlsContext(Path pkcs12, char[] password) {
        try (java.io.InputStream in = Files.newInputStream(pkcs12)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            javax.net.ssl.KeyManagerFactory keys = javax.net.ssl.KeyManagerFactory
                    .getInstance(javax.net.ssl.KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            javax.net.ssl.TrustManagerFactory trust = javax.net.ssl.TrustManagerFactory
                    .getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot use " + pkcs12 + " for TLS", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path keystore(String file, String alias, char[] password, PrivateKey key, X509Certificate certificate) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(alias, key, password, new Certificate[] { certificate, caCertificate });
            return save(store, dir.resolve(file), password);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build keystore", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path save(KeyStore store, Path file, char[] password) throws GeneralSecurityException {
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private enum Role { CA, SERVER, CLIENT }

    private static KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", BC);
        generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(X500Principal subject, KeyPair subjectKeys, X500Principal issuer, KeyPair issuerKeys,
            Role role) throws GeneralSecurityException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
                BigInteger.valueOf(SERIALS.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(VALIDITY)), subject, subjectKeys.getPublic());
        JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
        builder.addExtension(Extension.subjectKeyIdentifier, false,
                extensions.createSubjectKeyIdentifier(subjectKeys.getPublic()));
        builder.addExtension(Extension.authorityKeyIdentifier, false,
                extensions.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
        switch (role) {
        case CA -> {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        }
        case SERVER -> {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                    new GeneralName(GeneralName.dNSName, "localhost"),
                    new GeneralName(GeneralName.iPAddress, "127.0.0.1") }));
        }
        case CLIENT -> {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
            builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_clientAuth));
        }
        }
        ContentSigner signer;
        try {
            signer = new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate());
        } catch (org.bouncycastle.operator.OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
    }

    private static void writePem(Path file, Object object) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII);
                JcaPEMWriter pem = new JcaPEMWriter(out)) {
            pem.writeObject(object);
        }
    }
}
