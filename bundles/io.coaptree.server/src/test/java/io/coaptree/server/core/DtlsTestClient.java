package io.coaptree.server.core;

import java.net.InetSocketAddress;
import java.security.KeyPair;
import java.security.cert.Certificate;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.CertificateType;
import org.eclipse.californium.scandium.dtls.DTLSContext;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedSinglePskStore;
import org.eclipse.californium.scandium.dtls.x509.SingleCertificateProvider;
import org.eclipse.californium.scandium.dtls.x509.StaticNewAdvancedCertificateVerifier;

/** A Scandium DTLS client on its own endpoint: PSK, raw public key, or certificate. */
final class DtlsTestClient implements AutoCloseable {

    private final DTLSConnector connector;
    private final CoapEndpoint endpoint;

    private DtlsTestClient(DtlsConnectorConfig.Builder builder, Configuration config) {
        connector = new DTLSConnector(builder.setAddress(new InetSocketAddress("127.0.0.1", 0)).build());
        endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
    }

    private static Configuration config() {
        CoapConfig.register();
        UdpConfig.register();
        DtlsConfig.register();
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(DtlsConfig.DTLS_ROLE, DtlsRole.CLIENT_ONLY);
        // 0: no connection id of our own, but use the one the server assigns
        config.set(DtlsConfig.DTLS_CONNECTION_ID_LENGTH, 0);
        config.set(DtlsConfig.DTLS_MAX_RETRANSMISSIONS, 1);
        config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, 1);
        config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, 1);
        return config;
    }

    static DtlsTestClient psk(String identity, String key) {
        Configuration config = config();
        return new DtlsTestClient(DtlsConnectorConfig.builder(config)
                .setAdvancedPskStore(new AdvancedSinglePskStore(identity, key.getBytes())), config);
    }

    static DtlsTestClient rawPublicKey(KeyPair keys) {
        Configuration config = config();
        config.setAsList(DtlsConfig.DTLS_CERTIFICATE_TYPES, CertificateType.RAW_PUBLIC_KEY);
        return new DtlsTestClient(DtlsConnectorConfig.builder(config)
                .setCertificateIdentityProvider(new SingleCertificateProvider(keys.getPrivate(), keys.getPublic()))
                .setAdvancedCertificateVerifier(StaticNewAdvancedCertificateVerifier.builder().setTrustAllRPKs()
                        .build()), config);
    }

    static DtlsTestClient certificate(KeyPair keys, Certificate[] chain, Certificate trustedCa) {
        Configuration config = config();
        return new DtlsTestClient(DtlsConnectorConfig.builder(config)
                .setCertificateIdentityProvider(new SingleCertificateProvider(keys.getPrivate(), chain,
                        CertificateType.X_509))
                .setAdvancedCertificateVerifier(StaticNewAdvancedCertificateVerifier.builder()
                        .setTrustedCertificates(trustedCa).build()), config);
    }

    CoapClient client(int port, String path) {
        CoapClient client = new CoapClient("coaps://127.0.0.1:" + port + "/" + path);
        client.setEndpoint(endpoint);
        client.setTimeout(5_000L);
        return client;
    }

    /**
     * @return whether a GET is refused: the handshake fails with an alert or, as Scandium stays silent on a wrong PSK
     *         to not help guessing, no answer comes within 2 s
     */
    boolean isRefused(int port, String path) {
        CoapClient client = client(port, path);
        client.setTimeout(2_000L);
        try {
            return client.get() == null;
        } catch (org.eclipse.californium.elements.exception.ConnectorException | java.io.IOException e) {
            return true;
        }
    }

    /** @return the DTLS context towards the server, null before a handshake */
    DTLSContext context(int port) {
        return connector.getDtlsContextByAddress(new InetSocketAddress("127.0.0.1", port));
    }

    @Override
    public void close() {
        endpoint.destroy();
    }
}
