package io.coaptree.tree.security;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
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
 * only as itself. A checked certificate is remembered by its sender and SHA-256 thumbprint, so each is parsed and
 * verified once, not per message, and a seal that names it by thumbprint only ({@code x5t}) finds it again; at most
 * {@value #MAX_REMEMBERED} are kept, the least recently used forgotten first (its sender's next whole certificate
 * brings it back).
 */
public final class CertificateAuthorityTrust implements SenderTrust {

    static final int MAX_REMEMBERED = 4096;

    private final List<X509Certificate> authorities;
    private final Set<String> revoked;
    /** Guarded by itself. */
    private final Map<Remembered, Checked> checked = new LeastRecentlyUsedMap<>(MAX_REMEMBERED);

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
        refuseRevoked(sender);
        Remembered key = new Remembered(sender, SignatureProtection.thumbprint(presentedCertificate));
        Checked c;
        synchronized (checked) {
            c = checked.get(key);
        }
        if (c == null) {
            c = check(sender, presentedCertificate, key.thumbprint());
            synchronized (checked) {
                checked.put(key, c);
            }
        }
        return usable(sender, c, nowMillis);
    }

    /**
     * The key of a certificate this trust checked before for {@code sender}, named by its thumbprint; the revoked
     * fingerprints are looked at first, so a revoked certificate is {@code untrusted} whether it was ever seen or not.
     */
    @Override
    public Ed25519PublicKeyParameters keyOfThumbprint(String sender, byte[] thumbprint, long nowMillis)
            throws SealRefusedException {
        refuseRevoked(sender);
        if (revoked.contains(Revocations.fingerprint(thumbprint))) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate is revoked");
        }
        Checked c;
        synchronized (checked) {
            c = checked.get(new Remembered(sender, thumbprint));
        }
        if (c == null) {
            throw new SealRefusedException(DropReason.UNKNOWN_CERTIFICATE, sender, "the seal names by thumbprint "
                    + "a certificate of the sender this gateway has not checked (after a restart: until the sender "
                    + "sends the whole certificate again)");
        }
        return usable(sender, c, nowMillis);
    }

    private void refuseRevoked(String sender) throws SealRefusedException {
        if (revoked.contains(sender)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the gateway is revoked");
        }
    }

    private static Ed25519PublicKeyParameters usable(String sender, Checked c, long nowMillis)
            throws SealRefusedException {
        if (!c.subject.equals(sender)) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender,
                    "the certificate is for " + c.subject + ", not for the sender");
        }
        if (nowMillis < c.notBeforeMillis || nowMillis > c.notAfterMillis) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate is not valid now");
        }
        return c.key;
    }

    private Checked check(String sender, byte[] der, ByteBuffer thumbprint) throws SealRefusedException {
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "the certificate cannot be read");
        }
        if (revoked.contains(Revocations.fingerprint(thumbprint.array()))) {
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

    /** Who presented a certificate and its thumbprint (a {@link ByteBuffer}: equal by content). */
    private record Remembered(String sender, ByteBuffer thumbprint) {

        Remembered(String sender, byte[] thumbprint) {
            this(sender, ByteBuffer.wrap(thumbprint));
        }
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

        /** A revocation entry's form of a certificate's SHA-256 hash. */
        static String fingerprint(byte[] thumbprint) {
            return HexFormat.of().formatHex(thumbprint);
        }
    }
}
