package io.coaptree.server.dtls;

import static io.coaptree.properties.Refusal.STANDARD;

import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.californium.elements.auth.RawPublicKeyIdentity;
import org.eclipse.californium.elements.config.CertificateAuthenticationMode;
import org.eclipse.californium.scandium.dtls.cipher.CipherSuite;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/**
 * Every option of the DTLS ({@code coaps://}) endpoint, typed and validated: what the design calls CoAPDTLSOptions.
 * Property ids are those of the Kura metatype; secrets arrive decrypted through a {@link SecretDecoder}. The endpoint
 * shares the bind address and the CoAP limits of {@link io.coaptree.server.options.ServerOptions}.
 *
 * @param enabled {@value #ENABLED}: serve {@code coaps://}
 * @param port {@value #PORT}: UDP port, 0 picks a free one
 * @param psk {@value #PSK_CREDENTIALS}: identities and keys (see {@link PskCredentials})
 * @param certificateSource {@value #CERTIFICATE_SOURCE}: none, files, or Kura KeystoreService instances
 * @param keystorePath {@value #KEYSTORE_PATH}: PKCS12 or JKS file with the server's key and chain (source files)
 * @param keystorePassword {@value #KEYSTORE_PASSWORD}: its password (also the key's)
 * @param keyAlias {@value #KEY_ALIAS}: alias of the server key in the keystore (either source)
 * @param truststorePath {@value #TRUSTSTORE_PATH}: file with the CAs trusted for client certificates; empty for none
 * @param truststorePassword {@value #TRUSTSTORE_PASSWORD}: its password
 * @param rawPublicKeys {@value #RPK_ENABLED}: also offer the server key as a raw public key (RFC 7250)
 * @param trustAllRawPublicKeys {@value #RPK_TRUSTED} is {@code *}: any client raw public key authenticates (the
 *            access policy's allow-list then decides)
 * @param trustedRawPublicKeys {@value #RPK_TRUSTED}: client raw public keys accepted
 * @param clientAuthentication {@value #CLIENT_AUTH}: whether client certificates are requested / required
 * @param cipherSuites {@value #CIPHER_SUITES}: the suites offered, empty for Scandium's recommended ones for the
 *            configured credentials
 * @param connectionIdLength {@value #CONNECTION_ID_LENGTH}: RFC 9146 connection id length, 0 for none
 * @param sessionResumption {@value #SESSION_RESUMPTION}: hand out session ids, so clients can resume with an
 *            abbreviated handshake (no key exchange). Scandium resumes a session only while its connection is in the
 *            connection store (nothing is kept elsewhere: eviction, a re-key or a restart ends it), and gives ids only
 *            to clients that offer the extended master secret (RFC 7627); others always make full handshakes
 * @param maxConnections {@value #MAX_CONNECTIONS}: DTLS connections (sessions) kept at once; a resumption needs a
 *            free place while it runs. Scandium also derives its handshake limit from it: at most max(this, 50)
 *            recent handshakes, full or abbreviated (one counts for about 135 s while its connection is kept, and
 *            only until Scandium's next clean-up, 5 to 30 s, once a later resumption replaced that connection). Beyond that every new handshake is
 *            refused (an ERROR line per attempt, and the client, answered with a HelloVerifyRequest, retries at
 *            once), so this also caps the handshake rate
 * @param staleConnectionSeconds {@value #STALE_CONNECTION}: a connection idle this long may be evicted for a new one
 * @param handshakeRetransmissions {@value #HANDSHAKE_RETRANSMISSIONS}: retransmissions of a handshake flight
 * @param handshakeTimeoutMillis {@value #HANDSHAKE_TIMEOUT}: initial retransmission timeout of a flight
 * @param maxHandshakeMessageSize {@value #HANDSHAKE_MESSAGE_SIZE}: largest (reassembled) handshake message accepted
 * @param receiverThreads {@value #RECEIVER_THREADS}: threads reading the socket
 * @param connectorThreads {@value #CONNECTOR_THREADS}: threads running handshakes and record processing
 */
public record DtlsOptions(boolean enabled, int port, PskCredentials psk, CertificateSource certificateSource,
        String keystorePath, Secret keystorePassword, String keyAlias, String truststorePath,
        Secret truststorePassword, boolean rawPublicKeys, boolean trustAllRawPublicKeys,
        Set<RawPublicKeyIdentity> trustedRawPublicKeys, CertificateAuthenticationMode clientAuthentication,
        List<CipherSuite> cipherSuites, int connectionIdLength, boolean sessionResumption, int maxConnections,
        int staleConnectionSeconds, int handshakeRetransmissions, int handshakeTimeoutMillis,
        int maxHandshakeMessageSize, int receiverThreads, int connectorThreads) {

    public static final String ENABLED = "coaps.enabled";
    public static final String PORT = "coaps.port";
    public static final String PSK_CREDENTIALS = "dtls.psk.credentials";
    public static final String CERTIFICATE_SOURCE = "dtls.certificates.source";
    public static final String KEYSTORE_PATH = "dtls.keystore.path";
    public static final String KEYSTORE_PASSWORD = "dtls.keystore.password";
    public static final String KEY_ALIAS = "dtls.keystore.alias";
    public static final String TRUSTSTORE_PATH = "dtls.truststore.path";
    public static final String TRUSTSTORE_PASSWORD = "dtls.truststore.password";
    /** The DS reference target property Kura renders as a KeystoreService picker. */
    public static final String KEYSTORE_SERVICE_TARGET = "KeystoreService.target";
    public static final String TRUSTSTORE_SERVICE_TARGET = "TruststoreKeystoreService.target";
    public static final String RPK_ENABLED = "dtls.rpk.enabled";
    public static final String RPK_TRUSTED = "dtls.rpk.trusted";
    public static final String CLIENT_AUTH = "dtls.client.auth";
    public static final String CIPHER_SUITES = "dtls.cipher.suites";
    public static final String CONNECTION_ID_LENGTH = "dtls.connection.id.length";
    public static final String SESSION_RESUMPTION = "dtls.session.resumption";
    public static final String MAX_CONNECTIONS = "dtls.limits.connections";
    public static final String STALE_CONNECTION = "dtls.limits.stale.connection.seconds";
    public static final String HANDSHAKE_RETRANSMISSIONS = "dtls.handshake.retransmissions";
    public static final String HANDSHAKE_TIMEOUT = "dtls.handshake.timeout.ms";
    public static final String HANDSHAKE_MESSAGE_SIZE = "dtls.handshake.max.message.size";
    public static final String RECEIVER_THREADS = "dtls.threads.receiver";
    public static final String CONNECTOR_THREADS = "dtls.threads.connector";

    private static final DtlsOptions DEFAULTS = new DtlsOptions(false, 5684, PskCredentials.none(),
            CertificateSource.NONE, "", Secret.empty(), "coaptree", "", Secret.empty(), false, false, Set.of(),
            CertificateAuthenticationMode.NEEDED, List.of(), 6, true, 1000, 1800, 4, 2000, 8192, 1, 2);

    public DtlsOptions {
        STANDARD.requireRange(PORT, port, 0, 65535);
        keystorePath = keystorePath == null ? "" : keystorePath.trim();
        truststorePath = truststorePath == null ? "" : truststorePath.trim();
        keyAlias = keyAlias == null ? "" : keyAlias.trim();
        trustedRawPublicKeys = Set.copyOf(trustedRawPublicKeys);
        cipherSuites = List.copyOf(cipherSuites);
        STANDARD.requireRange(CONNECTION_ID_LENGTH, connectionIdLength, 0, 16);
        STANDARD.requireRange(MAX_CONNECTIONS, maxConnections, 1, 100_000);
        STANDARD.requireRange(STALE_CONNECTION, staleConnectionSeconds, 60, 86_400);
        STANDARD.requireRange(HANDSHAKE_RETRANSMISSIONS, handshakeRetransmissions, 0, 10);
        STANDARD.requireRange(HANDSHAKE_TIMEOUT, handshakeTimeoutMillis, 100, 60_000);
        STANDARD.requireRange(HANDSHAKE_MESSAGE_SIZE, maxHandshakeMessageSize, 1024, 65_536);
        STANDARD.requireRange(RECEIVER_THREADS, receiverThreads, 1, 8);
        STANDARD.requireRange(CONNECTOR_THREADS, connectorThreads, 1, 16);
        if (enabled) {
            requireCredentials(psk, certificateSource, keystorePath, keyAlias, rawPublicKeys);
        }
    }

    private static void requireCredentials(PskCredentials psk, CertificateSource source, String keystorePath,
            String keyAlias, boolean rawPublicKeys) {
        if (psk.isEmpty() && source == CertificateSource.NONE) {
            throw new InvalidPropertyException(PSK_CREDENTIALS, "DTLS is enabled (" + ENABLED
                    + ") but there are neither PSK credentials nor certificates (" + CERTIFICATE_SOURCE + ")");
        }
        if (source == CertificateSource.FILES && keystorePath.isEmpty()) {
            throw new InvalidPropertyException(KEYSTORE_PATH, "is empty but " + CERTIFICATE_SOURCE + " is files");
        }
        if (source != CertificateSource.NONE && keyAlias.isEmpty()) {
            throw new InvalidPropertyException(KEY_ALIAS, "is empty but " + CERTIFICATE_SOURCE + " is " + source.value());
        }
        if (rawPublicKeys && source == CertificateSource.NONE) {
            throw new InvalidPropertyException(RPK_ENABLED,
                    "raw public keys need the server key from " + CERTIFICATE_SOURCE + " (files or kura-keystore)");
        }
    }

    /** @return the metatype defaults (DTLS off) */
    public static DtlsOptions defaults() {
        return DEFAULTS;
    }

    /**
     * @param properties component properties as Kura delivers them; missing ones take their defaults
     * @param secrets decrypts the Password properties
     * @throws InvalidPropertyException naming the first refused property
     */
    public static DtlsOptions from(Map<String, ?> properties, SecretDecoder secrets) {
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        DtlsOptions d = DEFAULTS;
        char[] pskText = secret(p, PSK_CREDENTIALS, secrets);
        PskCredentials psk = PskCredentials.parse(pskText);
        java.util.Arrays.fill(pskText, '\0');
        String rpkTrusted = p.string(RPK_TRUSTED, "").trim();
        return new DtlsOptions(
                p.bool(ENABLED, d.enabled),
                p.integer(PORT, d.port),
                psk,
                p.enumValue(CERTIFICATE_SOURCE, d.certificateSource),
                p.string(KEYSTORE_PATH, d.keystorePath),
                Secret.of(secret(p, KEYSTORE_PASSWORD, secrets)),
                p.string(KEY_ALIAS, d.keyAlias),
                p.string(TRUSTSTORE_PATH, d.truststorePath),
                Secret.of(secret(p, TRUSTSTORE_PASSWORD, secrets)),
                p.bool(RPK_ENABLED, d.rawPublicKeys),
                rpkTrusted.equals("*"),
                rpkTrusted.equals("*") ? Set.of() : rawPublicKeys(rpkTrusted),
                p.enumValue(CLIENT_AUTH, d.clientAuthentication),
                cipherSuites(p.string(CIPHER_SUITES, "")),
                p.integer(CONNECTION_ID_LENGTH, d.connectionIdLength),
                p.bool(SESSION_RESUMPTION, d.sessionResumption),
                p.integer(MAX_CONNECTIONS, d.maxConnections),
                p.integer(STALE_CONNECTION, d.staleConnectionSeconds),
                p.integer(HANDSHAKE_RETRANSMISSIONS, d.handshakeRetransmissions),
                p.integer(HANDSHAKE_TIMEOUT, d.handshakeTimeoutMillis),
                p.integer(HANDSHAKE_MESSAGE_SIZE, d.maxHandshakeMessageSize),
                p.integer(RECEIVER_THREADS, d.receiverThreads),
                p.integer(CONNECTOR_THREADS, d.connectorThreads));
    }

    /** Identities only, never a secret. */
    @Override
    public String toString() {
        return "DtlsOptions[enabled=" + enabled + ", port=" + port + ", " + psk + ", certificates="
                + certificateSource.value() + ", rpk=" + rawPublicKeys + ", clientAuth=" + clientAuthentication
                + ", cid=" + connectionIdLength + ", resumption=" + sessionResumption + "]";
    }

    private static char[] secret(ComponentProperties p, String field, SecretDecoder secrets) {
        char[] stored = p.password(field);
        return stored.length == 0 ? stored : secrets.decode(field, new String(stored));
    }

    private static List<CipherSuite> cipherSuites(String text) {
        List<CipherSuite> suites = new ArrayList<>();
        for (String name : text.split("[,;\\s]+")) {
            if (name.isBlank()) {
                continue;
            }
            CipherSuite suite = CipherSuite.getTypeByName(name.trim());
            if (suite == null || !suite.isSupported() || !suite.isValidForNegotiation()) {
                throw new InvalidPropertyException(CIPHER_SUITES,
                        "'" + name.trim() + "' is not a cipher suite this DTLS stack supports");
            }
            suites.add(suite);
        }
        return suites;
    }

    private static Set<RawPublicKeyIdentity> rawPublicKeys(String text) {
        Set<RawPublicKeyIdentity> keys = new LinkedHashSet<>();
        for (String entry : text.split("[,;\\s]+")) {
            if (entry.isBlank()) {
                continue;
            }
            try {
                keys.add(new RawPublicKeyIdentity(Base64.getDecoder().decode(entry.trim())));
            } catch (IllegalArgumentException | GeneralSecurityException e) {
                throw new InvalidPropertyException(RPK_TRUSTED,
                        "'" + entry.trim() + "' is not a base64 SubjectPublicKeyInfo (or '*' for any key)");
            }
        }
        return keys;
    }
}
