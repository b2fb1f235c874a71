package io.coaptree.tree.security;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.security.auth.x500.X500Principal;

import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.util.PublicKeyFactory;

import io.coaptree.tree.drops.DropReason;

/**
 * Trusts a gateway whose seal carries a certificate issued by one of the tree's CA certificates, valid now, whose
 * subject CN is the gateway's node address ({@code CN=A/1/gA1}) and which is not revoked (by node address or by
 * the certificate's SHA-256 fingerprint). The address in the certificate is what keeps a stolen gateway speaking
 * only as itself. A checked certificate is remembered (by its bytes) so each is parsed and verified once, not per
 * message; at most {@value #MAX_REMEMBERED} are kept.
 */
public final class CertificateAuthorityTrust implements SenderTrust {

    static final int MAX_REMEMBERED = 4096;

    private final List<X509Certificate> authorities;
    private final Set<String> revoked;
    private final Map<ByteBuffer, Checked> checked = new HashMap<>();

    /**
     * @param revoked node addresses and certificate fingerprints (SHA-256, hex, colons allowed) no longer trusted
     */
    public CertificateAuthorityTrust(List<X509Certificate> authorities, Set<String> revoked) {
        if (authorities.isEmpty()) {
            throw new IllegalArgumentException("no CA certificate");
        }
        this.authorities = List.copyOf(authorities);
        this.revoked = Revocations.normalised(revoked);
    }

    @Override
    public Ed25519PublicKeyParameters keyOf(String sender, byte[] presentedCertificate, long nowMillis)
            throws SealRefusedException {
        if (presentedCertificate == null) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "no certificate in the seal");
        }
        if (revoked.contains(sender)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the gateway is revoked");
        }
        Checked c;
        synchronized (checked) {
            c = checked.get(ByteBuffer.wrap(presentedCertificate));
        }
        if (c == null) {
            c = check(sender, presentedCertificate);
            synchronized (checked) {
                if (checked.size() >= MAX_REMEMBERED) {
                    checked.clear();
                }
                checked.put(ByteBuffer.wrap(presentedCertificate.clone()), c);
            }
        }
        if (!c.subject.equals(sender)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender,
                    "the certificate is for " + c.subject + ", not for the sender");
        }
        if (nowMillis < c.notBeforeMillis || nowMillis > c.notAfterMillis) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate is not valid now");
        }
        return c.key;
    }

    private Checked check(String sender, byte[] der) throws SealRefusedException {
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate cannot be read");
        }
        if (revoked.contains(Revocations.fingerprint(der))) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate is revoked");
        }
        if (!issuedByAnAuthority(certificate)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender,
                    "the certificate is not issued by the tree's CA");
        }
        AsymmetricKeyParameter key;
        try {
            key = PublicKeyFactory.createKey(certificate.getPublicKey().getEncoded());
        } catch (IOException | RuntimeException e) {
            key = null;
        }
        if (!(key instanceof Ed25519PublicKeyParameters)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate's key is not Ed25519");
        }
        return new Checked(commonName(certificate.getSubjectX500Principal()), (Ed25519PublicKeyParameters) key,
                certificate.getNotBefore().getTime(), certificate.getNotAfter().getTime());
    }

    private boolean issuedByAnAuthority(X509Certificate certificate) {
        for (X509Certificate authority : authorities) {
            if (!authority.getSubjectX500Principal().equals(certificate.getIssuerX500Principal())) {
                continue;
            }
            try {
                certificate.verify(authority.getPublicKey());
                return true;
            } catch (GeneralSecurityException | RuntimeException e) {
                // not this authority's signature: try the next one
            }
        }
        return false;
    }

    /** The subject's CN, or "" when it has none. */
    static String commonName(X500Principal principal) {
        try {
            for (Rdn rdn : new LdapName(principal.getName(X500Principal.RFC2253)).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN")) {
                    return String.valueOf(rdn.getValue());
                }
            }
        } catch (InvalidNameException e) {
            // an unreadable name names nobody
        }
        return "";
    }

    private record Checked(String subject, Ed25519PublicKeyParameters key, long notBeforeMillis,
            long notAfterMillis) {
    }

    /** Revocation entries: node addresses as written, fingerprints in lower-case hex without colons. */
    static final class Revocations {

        private Revocations() {
        }

        static Set<String> normalised(Set<String> entries) {
            java.util.HashSet<String> out = new java.util.HashSet<>();
            for (String entry : entries) {
                String e = entry.trim();
                if (e.isEmpty()) {
                    continue;
                }
                String hex = e.replace(":", "").toLowerCase(Locale.ROOT);
                out.add(hex.matches("[0-9a-f]{64}") ? hex : e);
            }
            return Set.copyOf(out);
        }

        static String fingerprint(byte[] der) {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(der));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
        }
    }
}
