package io.coaptree.server.dtls;

import java.net.InetSocketAddress;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.elements.auth.RawPublicKeyIdentity;
import org.eclipse.californium.elements.config.CertificateAuthenticationMode;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.scandium.DTLSConnector;
import org.eclipse.californium.scandium.config.DtlsConfig;
import org.eclipse.californium.scandium.config.DtlsConfig.DtlsRole;
import org.eclipse.californium.scandium.config.DtlsConnectorConfig;
import org.eclipse.californium.scandium.dtls.CertificateType;
import org.eclipse.californium.scandium.dtls.cipher.CipherSuite;
import org.eclipse.californium.scandium.dtls.pskstore.AdvancedMultiPskStore;
import org.eclipse.californium.scandium.dtls.x509.NewAdvancedCertificateVerifier;
import org.eclipse.californium.scandium.dtls.x509.SingleCertificateProvider;
import org.eclipse.californium.scandium.dtls.x509.StaticNewAdvancedCertificateVerifier;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.ClientAuthentication;
import io.coaptree.server.options.DtlsOptions;

/**
 * Builds the Scandium connector of the {@code coaps://} endpoint from {@link DtlsOptions} and {@link DtlsCredentials}:
 * CoAPDTLSBase in docs/design.md. Stateless; a new connector per configuration, so a re-key never touches the
 * running one until the new one is bound. It also refuses, naming the setting, the values only Scandium can judge:
 * cipher suites it does not support and trusted raw public keys it cannot read.
 */
public final class DtlsConnectorFactory {

    static {
        // inside OSGi Scandium's definitions are not found by class scanning
        DtlsConfig.register();
    }

    private DtlsConnectorFactory() {
    }

    /**
     * Adds the DTLS settings of {@code options} to a CoAP configuration (which already holds the CoAP limits).
     *
     * @return {@code config}
     */
    public static Configuration configure(Configuration config, DtlsOptions options, DtlsCredentials credentials) {
        config.set(DtlsConfig.DTLS_ROLE, DtlsRole.SERVER_ONLY);
        config.set(DtlsConfig.DTLS_CLIENT_AUTHENTICATION_MODE, clientAuthentication(options, credentials));
        config.set(DtlsConfig.DTLS_CONNECTION_ID_LENGTH,
                options.connectionIdLength() == 0 ? null : options.connectionIdLength());
        config.set(DtlsConfig.DTLS_SERVER_USE_SESSION_ID, options.sessionResumption());
        config.set(DtlsConfig.DTLS_MAX_CONNECTIONS, options.maxConnections());
        config.set(DtlsConfig.DTLS_STALE_CONNECTION_THRESHOLD, options.staleConnectionSeconds(), TimeUnit.SECONDS);
        config.set(DtlsConfig.DTLS_MAX_RETRANSMISSIONS, options.handshakeRetransmissions());
        config.set(DtlsConfig.DTLS_RETRANSMISSION_TIMEOUT, options.handshakeTimeoutMillis(), TimeUnit.MILLISECONDS);
        config.set(DtlsConfig.DTLS_MAX_FRAGMENTED_HANDSHAKE_MESSAGE_LENGTH, options.maxHandshakeMessageSize());
        config.set(DtlsConfig.DTLS_RECEIVER_THREAD_COUNT, options.receiverThreads());
        config.set(DtlsConfig.DTLS_CONNECTOR_THREAD_COUNT, options.connectorThreads());
        // the DTLS socket gets the plain endpoint's buffer sizes (limits.udp.*.buffer.bytes)
        config.set(DtlsConfig.DTLS_RECEIVE_BUFFER_SIZE, config.get(UdpConfig.UDP_RECEIVE_BUFFER_SIZE));
        config.set(DtlsConfig.DTLS_SEND_BUFFER_SIZE, config.get(UdpConfig.UDP_SEND_BUFFER_SIZE));
        if (!options.cipherSuites().isEmpty()) {
            // an explicit choice may include suites Scandium does not list as recommended (e.g. CCM_8 for constrained peers)
            config.set(DtlsConfig.DTLS_RECOMMENDED_CIPHER_SUITES_ONLY, false);
            config.setAsList(DtlsConfig.DTLS_CIPHER_SUITES, cipherSuites(options));
        }
        return config;
    }

    /**
     * @param config a configuration prepared by {@link #configure}
     * @param address where to bind
     * @throws InvalidPropertyException if Scandium refuses the combination (for example cipher suites that no configured
     *             credential can serve)
     */
    public static DTLSConnector create(Configuration config, DtlsOptions options, DtlsCredentials credentials,
            InetSocketAddress address) {
        DtlsConnectorConfig.Builder builder = DtlsConnectorConfig.builder(config).setAddress(address)
                .setLoggingTag("coaps");
        if (!options.psk().isEmpty()) {
            AdvancedMultiPskStore store = new AdvancedMultiPskStore();
            for (String identity : options.psk().identities()) {
                store.setKey(identity, options.psk().key(identity));
            }
            builder.setAdvancedPskStore(store);
        }
        if (credentials.hasServerKey()) {
            List<CertificateType> types = new ArrayList<>(List.of(CertificateType.X_509));
            if (options.rawPublicKeys()) {
                types.add(CertificateType.RAW_PUBLIC_KEY);
            }
            builder.setCertificateIdentityProvider(
                    new SingleCertificateProvider(credentials.privateKey(), credentials.chain(), types));
        } else if (options.rawPublicKeys()) {
            throw new InvalidPropertyException(DtlsOptions.RPK_ENABLED.id(), "no server key is configured");
        }
        if (clientAuthentication(options, credentials) != CertificateAuthenticationMode.NONE
                || hasTrust(options, credentials)) {
            builder.setAdvancedCertificateVerifier(verifier(options, credentials));
        }
        try {
            return new DTLSConnector(builder.build());
        } catch (IllegalArgumentException | IllegalStateException e) {
            String field = options.cipherSuites().isEmpty() ? DtlsOptions.ENABLED.id()
                    : DtlsOptions.CIPHER_SUITES.id();
            throw new InvalidPropertyException(field, "the DTLS stack refuses this configuration: " + e.getMessage(), e);
        }
    }

    private static CertificateAuthenticationMode clientAuthentication(DtlsOptions options,
            DtlsCredentials credentials) {
        if (!credentials.hasServerKey()) {
            // PSK only: there is no certificate handshake in which to ask for a client certificate
            return CertificateAuthenticationMode.NONE;
        }
        if (options.clientAuthentication() != ClientAuthentication.NONE && !hasTrust(options, credentials)) {
            throw new InvalidPropertyException(DtlsOptions.CLIENT_AUTH.id(), options.clientAuthentication().name()
                    .toLowerCase(java.util.Locale.ROOT) + " needs trusted CAs (" + DtlsOptions.TRUSTSTORE_PATH + " or "
                    + DtlsOptions.TRUSTSTORE_SERVICE_TARGET + ") or " + DtlsOptions.RPK_TRUSTED
                    + "; choose none to serve without client certificates");
        }
        return CertificateAuthenticationMode.valueOf(options.clientAuthentication().name());
    }

    private static boolean hasTrust(DtlsOptions options, DtlsCredentials credentials) {
        return !credentials.trusted().isEmpty() || options.trustAllRawPublicKeys()
                || !options.trustedRawPublicKeys().isEmpty();
    }

    private static NewAdvancedCertificateVerifier verifier(DtlsOptions options, DtlsCredentials credentials) {
        StaticNewAdvancedCertificateVerifier.Builder verifier = StaticNewAdvancedCertificateVerifier.builder();
        List<CertificateType> types = new ArrayList<>();
        if (!credentials.trusted().isEmpty()) {
            verifier.setTrustedCertificates(credentials.trusted().toArray(new X509Certificate[0]));
            types.add(CertificateType.X_509);
        }
        if (options.trustAllRawPublicKeys()) {
            verifier.setTrustAllRPKs();
            types.add(CertificateType.RAW_PUBLIC_KEY);
        } else if (!options.trustedRawPublicKeys().isEmpty()) {
            verifier.setTrustAllRPKs();
            types.add(CertificateType.RAW_PUBLIC_KEY);
        }
        verifier.setSupportedCertificateTypes(types);
        NewAdvancedCertificateVerifier built = verifier.build();
        return options.trustedRawPublicKeys().isEmpty() ? built
                : new RawPublicKeyAllowList(built, trustedKeys(options));
    }

    private static CipherSuite[] cipherSuites(DtlsOptions options) {
        List<CipherSuite> suites = new ArrayList<>();
        for (String name : options.cipherSuites()) {
            CipherSuite suite = CipherSuite.getTypeByName(name);
            if (suite == null || !suite.isSupported() || !suite.isValidForNegotiation()) {
                throw new InvalidPropertyException(DtlsOptions.CIPHER_SUITES.id(),
                        "'" + name + "' is not a cipher suite this DTLS stack supports");
            }
            suites.add(suite);
        }
        return suites.toArray(new CipherSuite[0]);
    }

    private static Set<RawPublicKeyIdentity> trustedKeys(DtlsOptions options) {
        Set<RawPublicKeyIdentity> keys = new LinkedHashSet<>();
        for (String key : options.trustedRawPublicKeys()) {
            try {
                keys.add(new RawPublicKeyIdentity(Base64.getDecoder().decode(key)));
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                throw new InvalidPropertyException(DtlsOptions.RPK_TRUSTED.id(),
                        "'" + key + "' is not a base64 SubjectPublicKeyInfo (or '*' for any key)");
            }
        }
        return keys;
    }
}
