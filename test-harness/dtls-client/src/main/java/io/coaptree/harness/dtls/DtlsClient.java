package io.coaptree.harness.dtls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.cert.Certificate;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.exception.ConnectorException;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.CertificateType;
import org.eclipse.californium.scandium.dtls.DTLSContext;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedSinglePskStore;
import org.eclipse.californium.scandium.dtls.x509.SingleCertificateProvider;
import org.eclipse.californium.scandium.dtls.x509.StaticNewAdvancedCertificateVerifier;

/**
 * A coaps:// client with one identity on an endpoint of its own, so that every request it sends reaches the server
 * as that identity: a pre-shared key, a raw public key, or a certificate chain. It speaks from 127.0.0.1, uses the
 * Connection ID the server assigns and has none of its own.
 */
public final class DtlsClient implements AutoCloseable {

    static {
        CoapConfig.register();
        UdpConfig.register();
        DtlsConfig.register();
    }

    private static final long TIMEOUT_MILLIS = 5_000;

    private final String identity;
    private final DTLSConnector connector;
    private final CoapEndpoint endpoint;

    private DtlsClient(String identity, DtlsConnectorConfig.Builder credentials, Configuration config) {
        this.identity = identity;
        connector = new DTLSConnector(credentials.setAddress(new InetSocketAddress("127.0.0.1", 0)).build());
        endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
    }

    private static Configuration config() {
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(DtlsConfig.DTLS_ROLE, DtlsRole.CLIENT_ONLY);
        config.set(DtlsConfig.DTLS_CONNECTION_ID_LENGTH, 0);
        config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, 1);
        config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, 1);
        return config;
    }

    /** A client with the pre-shared key {@code key} (UTF-8) under {@code identity}. */
    public static DtlsClient psk(String identity, String key) {
        Configuration config = config();
        return new DtlsClient("psk:" + identity, DtlsConnectorConfig.builder(config)
                .setAdvancedPskStore(new AdvancedSinglePskStore(identity, key.getBytes(StandardCharsets.UTF_8))),
                config);
    }

    /** A client identified by its raw public key (RFC 7250); it trusts any raw public key of the server. */
    public static DtlsClient rawPublicKey(KeyPair keys) {
        Configuration config = config();
        config.setAsList(DtlsConfig.DTLS_CERTIFICATE_TYPES, CertificateType.RAW_PUBLIC_KEY);
        return new DtlsClient("rpk", DtlsConnectorConfig.builder(config)
                .setCertificateIdentityProvider(new SingleCertificateProvider(keys.getPrivate(), keys.getPublic()))
                .setAdvancedCertificateVerifier(StaticNewAdvancedCertificateVerifier.builder().setTrustAllRPKs()
                        .build()), config);
    }

    /** A client with an X.509 chain that trusts servers certified by {@code trustedCa}. */
    public static DtlsClient certificate(KeyPair keys, Certificate[] chain, Certificate trustedCa) {
        Configuration config = config();
        String subject = chain[0] instanceof java.security.cert.X509Certificate x509
                ? x509.getSubjectX500Principal().getName() : "certificate";
        return new DtlsClient("x509:" + subject, DtlsConnectorConfig.builder(config)
                .setCertificateIdentityProvider(new SingleCertificateProvider(keys.getPrivate(), chain,
                        CertificateType.X_509))
                .setAdvancedCertificateVerifier(StaticNewAdvancedCertificateVerifier.builder()
                        .setTrustedCertificates(trustedCa).build()), config);
    }

    /** @param uri a {@code coaps://} URI; requests time out after 5 s */
    public CoapClient client(String uri) {
        CoapClient client = new CoapClient(uri);
        client.setEndpoint(endpoint);
        client.setTimeout(TIMEOUT_MILLIS);
        return client;
    }

    /** {@code coaps://127.0.0.1:<port>/<path>} */
    public CoapClient client(int port, String path) {
        return client("coaps://127.0.0.1:" + port + "/" + path);
    }

    /**
     * @return whether a GET is refused: the handshake fails with an alert or, as a server stays silent on a wrong
     *         PSK so as not to help guessing, no answer comes within 2 s
     */
    public boolean isRefused(int port, String path) {
        CoapClient client = client(port, path);
        client.setTimeout(2_000L);
        try {
            return client.get() == null;
        } catch (ConnectorException | IOException e) {
            return true;
        }
    }

    /** @return the DTLS context towards the server on {@code port}, null before a handshake */
    public DTLSContext context(int port) {
        return connector.getDtlsContextByAddress(new InetSocketAddress("127.0.0.1", port));
    }

    /** {@code psk:<identity>}, {@code rpk} or {@code x509:<subject>}: who this client is, for messages. */
    @Override
    public String toString() {
        return identity;
    }

    @Override
    public void close() {
        endpoint.destroy();
    }
}
