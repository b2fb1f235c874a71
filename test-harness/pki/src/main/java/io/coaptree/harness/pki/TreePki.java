package io.coaptree.harness.pki;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;

import javax.security.auth.x500.X500Principal;

import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The credentials of a gateway tree, made at test time: a tree CA (Ed25519) and, per gateway, an Ed25519 key pair
 * with a certificate whose CN is the gateway's node address ({@code CN=A/1/gA1}), as the tree handler's signature
 * mode expects. {@link #writeGatewayKeystore} puts a gateway's key and the CA into the PKCS12 file a Kura
 * keystore (SSLKeystore) reads, under the tree handler's default aliases.
 */
public final class TreePki {

    /** The tree handler's default aliases (tree.security.key.alias, tree.security.anchor.alias). */
    public static final String KEY_ALIAS = "coaptree-tree";
    public static final String CA_ALIAS = "coaptree-tree-ca";

    private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());
    private static final Duration VALIDITY = Duration.ofDays(30);

    private final KeyPair caKeys;
    private final X509Certificate caCertificate;

    private TreePki(String caName) throws GeneralSecurityException {
        caKeys = newKeyPair();
        X500Principal ca = new X500Principal("CN=" + caName + ",O=CoAPTree Test");
        caCertificate = certificate(ca, caKeys, ca, caKeys, true, Instant.now().plus(VALIDITY));
    }

    /** A new tree CA. */
    public static TreePki create(String caName) {
        try {
            return new TreePki(caName);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate the tree CA", e);
        }
    }

    public X509Certificate caCertificate() {
        return caCertificate;
    }

    /** A new gateway key pair and its certificate from this CA for {@code address}. */
    public Gateway issue(String address) {
        return issue(address, Instant.now().plus(VALIDITY));
    }

    /** Like {@link #issue(String)} with a chosen expiry (tests of expired certificates). */
    public Gateway issue(String address, Instant notAfter) {
        try {
            KeyPair keys = newKeyPair();
            return new Gateway(keys, certificate(new X500Principal("CN=" + address), keys,
                    caCertificate.getSubjectX500Principal(), caKeys, false, notAfter));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot issue a certificate for " + address, e);
        }
    }

    /** A gateway's credentials. */
    public record Gateway(KeyPair keys, X509Certificate certificate) {
    }

    /** Writes a new PKCS12 file with {@code gateway}'s key and this CA, under the default aliases. */
    public void writeGatewayKeystore(Path file, char[] password, Gateway gateway) {
        writeKeystore(file, password, gateway);
    }

    /** Writes a new PKCS12 file with this CA only: a gateway not enrolled yet. */
    public void writeCaKeystore(Path file, char[] password) {
        writeKeystore(file, password, null);
    }

    private void writeKeystore(Path file, char[] password, Gateway gateway) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            if (gateway != null) {
                store.setKeyEntry(KEY_ALIAS, gateway.keys().getPrivate(), password,
                        new Certificate[] { gateway.certificate() });
            }
            store.setCertificateEntry(CA_ALIAS, caCertificate);
            Files.createDirectories(file.getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, password);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build the keystore " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyPair newKeyPair() throws GeneralSecurityException {
        return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    }

    private static X509Certificate certificate(X500Principal subject, KeyPair subjectKeys, X500Principal issuer,
            KeyPair issuerKeys, boolean ca, Instant notAfter) throws GeneralSecurityException {
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer,
                BigInteger.valueOf(SERIALS.incrementAndGet()), Date.from(Instant.now().minus(Duration.ofHours(1))),
                Date.from(notAfter), subject, subjectKeys.getPublic());
        try {
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
            builder.addExtension(Extension.keyUsage, true,
                    new KeyUsage(ca ? KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature));
            return new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder("Ed25519").build(issuerKeys.getPrivate())));
        } catch (IOException | OperatorCreationException e) {
            throw new GeneralSecurityException(e);
        }
    }
}
