package org.eclipse.kura.ssl;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;

import org.osgi.annotation.versioning.ProviderType;

/** Kura's TLS context factory, backed by a key store and a trust store (KeystoreService instances). */
@ProviderType
public interface SslManagerService {

    public SSLContext getSSLContext() throws GeneralSecurityException, IOException;

    /** A context whose key manager presents the key pair stored under keyAlias. */
    public SSLContext getSSLContext(String keyAlias) throws GeneralSecurityException, IOException;

    public SSLSocketFactory getSSLSocketFactory() throws GeneralSecurityException, IOException;

    public SSLSocketFactory getSSLSocketFactory(String keyAlias) throws GeneralSecurityException, IOException;

    @Deprecated
    public SSLSocketFactory getSSLSocketFactory(String protocol, String cipherSuites, String trustStorePath,
            String keyStorePath, char[] keyStorePassword, String keyAlias) throws GeneralSecurityException, IOException;

    @Deprecated
    public SSLSocketFactory getSSLSocketFactory(String protocol, String cipherSuites, String trustStorePath,
            String keyStorePath, char[] keyStorePassword, String keyAlias, boolean hostnameVerification)
            throws GeneralSecurityException, IOException;

    @Deprecated
    public X509Certificate[] getTrustCertificates() throws GeneralSecurityException, IOException;

    @Deprecated
    public void installTrustCertificate(String alias, X509Certificate x509crt)
            throws GeneralSecurityException, IOException;

    @Deprecated
    public void deleteTrustCertificate(String alias) throws GeneralSecurityException, IOException;

    @Deprecated
    public void installPrivateKey(String alias, PrivateKey privateKey, char[] password, Certificate[] publicCerts)
            throws GeneralSecurityException, IOException;
}
