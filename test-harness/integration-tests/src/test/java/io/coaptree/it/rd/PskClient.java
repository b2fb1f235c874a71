package io.coaptree.it.rd;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedSinglePskStore;

/**
 * A Californium client speaking coaps:// with one DTLS pre-shared key identity, on its own endpoint, so that every
 * request it sends arrives at the gateway as that identity.
 */
final class PskClient implements AutoCloseable {

    static {
        CoapConfig.register();
        UdpConfig.register();
        DtlsConfig.register();
    }

    private final String identity;
    private final CoapEndpoint endpoint;

    private PskClient(String identity, String key) {
        this.identity = identity;
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(DtlsConfig.DTLS_ROLE, DtlsRole.CLIENT_ONLY);
        // no connection id of its own, but it uses the one the gateway assigns
        config.set(DtlsConfig.DTLS_CONNECTION_ID_LENGTH, 0);
        config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, 1);
        config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, 1);
        DTLSConnector connector = new DTLSConnector(DtlsConnectorConfig.builder(config)
                .setAddress(new InetSocketAddress("127.0.0.1", 0))
                .setAdvancedPskStore(new AdvancedSinglePskStore(identity, key.getBytes(StandardCharsets.UTF_8)))
                .build());
        endpoint = new CoapEndpoint.Builder().setConfiguration(config).setConnector(connector).build();
    }

    static PskClient of(String identity, String key) {
        return new PskClient(identity, key);
    }

    String identity() {
        return identity;
    }

    /** @param uri a {@code coaps://} URI */
    CoapClient client(String uri) {
        CoapClient client = new CoapClient(uri);
        client.setEndpoint(endpoint);
        client.setTimeout(5_000L);
        return client;
    }

    @Override
    public void close() {
        endpoint.destroy();
    }
}
