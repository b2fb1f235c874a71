package io.coaptree.server.dtls;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import javax.security.auth.x500.X500Principal;

import org.eclipse.californium.elements.auth.RawPublicKeyIdentity;
import org.eclipse.californium.scandium.dtls.AlertMessage;
import org.eclipse.californium.scandium.dtls.AlertMessage.AlertDescription;
import org.eclipse.californium.scandium.dtls.AlertMessage.AlertLevel;
import org.eclipse.californium.scandium.dtls.CertificateMessage;
import org.eclipse.californium.scandium.dtls.CertificateType;
import org.eclipse.californium.scandium.dtls.CertificateVerificationResult;
import org.eclipse.californium.scandium.dtls.ConnectionId;
import org.eclipse.californium.scandium.dtls.HandshakeException;
import org.eclipse.californium.scandium.dtls.HandshakeResultHandler;
import org.eclipse.californium.scandium.dtls.x509.NewAdvancedCertificateVerifier;
import org.eclipse.californium.scandium.util.ServerNames;

/**
 * Accepts a client raw public key only if it is on the configured list, comparing the DER SubjectPublicKeyInfo bytes
 * (Scandium's own list compares key objects, which differ between JCA providers); everything else goes to the
 * delegate.
 */
final class RawPublicKeyAllowList implements NewAdvancedCertificateVerifier {

    private final NewAdvancedCertificateVerifier delegate;
    private final Set<String> trusted;

    RawPublicKeyAllowList(NewAdvancedCertificateVerifier delegate, Set<RawPublicKeyIdentity> trusted) {
        this.delegate = delegate;
        this.trusted = trusted.stream().map(key -> java.util.Base64.getEncoder().encodeToString(key.getSubjectInfo()))
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public List<CertificateType> getSupportedCertificateTypes() {
        return delegate.getSupportedCertificateTypes();
    }

    @Override
    public CertificateVerificationResult verifyCertificate(ConnectionId cid, ServerNames serverName,
            InetSocketAddress remotePeer, boolean clientUsage, boolean verifySubject, boolean truncateCertificatePath,
            CertificateMessage message) {
        if (message.getCertificateChain() == null && message.getPublicKey() != null && !trusted
                .contains(java.util.Base64.getEncoder().encodeToString(message.getPublicKey().getEncoded()))) {
            return new CertificateVerificationResult(cid, new HandshakeException("raw public key is not trusted",
                    new AlertMessage(AlertLevel.FATAL, AlertDescription.BAD_CERTIFICATE)), null);
        }
        return delegate.verifyCertificate(cid, serverName, remotePeer, clientUsage, verifySubject,
                truncateCertificatePath, message);
    }

    @Override
    public List<X500Principal> getAcceptedIssuers() {
        return delegate.getAcceptedIssuers();
    }

    @Override
    public void setResultHandler(HandshakeResultHandler resultHandler) {
        delegate.setResultHandler(resultHandler);
    }
}
