package io.coaptree.server.options;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * Every option of the DTLS ({@code coaps://}) endpoint, typed and validated: CoAPDTLSOptions in docs/design.md.
 * Each setting is defined once below; secrets arrive decrypted through a {@link SecretDecoder}. The endpoint shares
 * the bind address and the CoAP limits of {@link ServerOptions}. Values only the DTLS stack can judge (whether it
 * supports a cipher suite, whether a raw public key is one it can use) are checked by the {@code dtls} package when it
 * builds the endpoint, so these options hold no Scandium types.
 *
 * @param enabled serve {@code coaps://}
 * @param port UDP port, 0 picks a free one
 * @param psk identities and keys (see {@link PskCredentials})
 * @param certificateSource none, files, or Kura KeystoreService instances
 * @param keystorePath PKCS12 or JKS file with the server's key and chain (source files)
 * @param keystorePassword its password (also the key's)
 * @param keyAlias alias of the server key in the keystore (either source)
 * @param truststorePath file with the CAs trusted for client certificates; empty for none
 * @param truststorePassword its password
 * @param rawPublicKeys also offer the server key as a raw public key (RFC 7250)
 * @param trustAllRawPublicKeys {@link #RPK_TRUSTED} is {@code *}: any client raw public key authenticates (the access
 *            policy's allow-list then decides)
 * @param trustedRawPublicKeys client raw public keys accepted: base64 DER SubjectPublicKeyInfo, as configured
 * @param clientAuthentication whether client certificates are requested / required
 * @param cipherSuites the IANA names of the suites offered, empty for Scandium's recommended ones for the configured
 *            credentials
 * @param connectionIdLength RFC 9146 connection id length, 0 for none
 * @param sessionResumption hand out session ids, so clients can resume with an abbreviated handshake (no key
 *            exchange). Scandium resumes a session only while its connection is in the connection store (nothing is
 *            kept elsewhere: eviction, a re-key or a restart ends it), and gives ids only to clients that offer the
 *            extended master secret (RFC 7627); others always make full handshakes
 * @param maxConnections DTLS connections (sessions) kept at once; a resumption needs a free place while it runs.
 *            Scandium also derives its handshake limit from it: at most max(this, 50) recent handshakes, full or
 *            abbreviated (one counts for about 135 s while its connection is kept, and only until Scandium's next
 *            clean-up, 5 to 30 s, once a later resumption replaced that connection). Beyond that every new handshake
 *            is refused (an ERROR line per attempt, and the client, answered with a HelloVerifyRequest, retries at
 *            once), so this also caps the handshake rate
 * @param staleConnectionSeconds a connection idle this long may be evicted for a new one
 * @param handshakeRetransmissions retransmissions of a handshake flight
 * @param handshakeTimeoutMillis initial retransmission timeout of a flight
 * @param maxHandshakeMessageSize largest (reassembled) handshake message accepted
 * @param receiverThreads threads reading the socket
 * @param connectorThreads threads running handshakes and record processing
 */
public record DtlsOptions(boolean enabled, int port, PskCredentials psk, CertificateSource certificateSource,
        String keystorePath, Secret keystorePassword, String keyAlias, String truststorePath,
        Secret truststorePassword, boolean rawPublicKeys, boolean trustAllRawPublicKeys,
        Set<String> trustedRawPublicKeys, ClientAuthentication clientAuthentication, List<String> cipherSuites,
        int connectionIdLength, boolean sessionResumption, int maxConnections, int staleConnectionSeconds,
        int handshakeRetransmissions, int handshakeTimeoutMillis, int maxHandshakeMessageSize, int receiverThreads,
        int connectorThreads) {

    /**
     * Kura's own SSL keystore, as in Kura's SSL manager: the default target of both KeystoreService references (a
     * constant, so the component's reference annotations can name it too).
     */
    public static final String KURA_SSL_KEYSTORE = "(kura.service.pid=SSLKeystore)";

    public static final Setting<Boolean> ENABLED = Setting.flag("coaps.enabled", false).named("DTLS enabled")
            .describedAs("Serve coaps:// (CoAP over DTLS 1.2, Eclipse Scandium) next to the plain endpoint, or instead "
                    + "of it when Enabled is false. Needs PSK credentials or certificates.");
    public static final Setting<Integer> PORT = Setting.integer("coaps.port", 5684).range(0, 65535).named("DTLS port")
            .describedAs("UDP port of the DTLS endpoint, on the same bind address. 5684 is the coaps default; 0 picks "
                    + "a free port.");
    public static final Setting<char[]> PSK_CREDENTIALS = Setting.password("dtls.psk.credentials")
            .named("DTLS PSK credentials")
            .describedAs("Pre-shared keys accepted: entries identity=key separated by ';' (e.g. "
                    + "sensor-1=secret1;maint=hex:00112233445566778899aabbccddeeff). The key is UTF-8 text, or "
                    + "hexadecimal after hex:; 4..64 bytes. Identities at most 128 characters, without ';' or '='. "
                    + "Stored encrypted, never logged.");
    public static final Setting<CertificateSource> CERTIFICATE_SOURCE = Setting
            .choice("dtls.certificates.source", CertificateSource.NONE)
            .labelled("none", "none (PSK only)", "files", "files", "kura-keystore", "Kura keystore services")
            .named("DTLS certificates")
            .describedAs("Where the server certificate and the CAs trusted for client certificates come from: none "
                    + "(PSK only), files (keystore and truststore paths below), kura-keystore (the Kura keystores "
                    + "picked in KeystoreService.target and TruststoreKeystoreService.target).");
    public static final Setting<String> KEYSTORE_PATH = Setting.text("dtls.keystore.path", "").optional()
            .named("DTLS keystore path")
            .describedAs("PKCS12 (or .jks) file holding the server's private key and certificate chain (certificates "
                    + "from files).");
    public static final Setting<char[]> KEYSTORE_PASSWORD = Setting.password("dtls.keystore.password")
            .named("DTLS keystore password").describedAs("Password of the keystore file, also used for the key entry.");
    public static final Setting<String> KEY_ALIAS = Setting.text("dtls.keystore.alias", "coaptree").optional()
            .named("DTLS key alias")
            .describedAs("Alias of the server's key entry, in the keystore file or in the Kura keystore service.");
    public static final Setting<String> TRUSTSTORE_PATH = Setting.text("dtls.truststore.path", "").optional()
            .named("DTLS truststore path")
            .describedAs("PKCS12 (or .jks) file with the CA certificates trusted for client certificates (certificates "
                    + "from files). Empty: no client certificate is accepted.");
    public static final Setting<char[]> TRUSTSTORE_PASSWORD = Setting.password("dtls.truststore.password")
            .named("DTLS truststore password").describedAs("Password of the truststore file.");
    /**
     * The target of the component's KeystoreService reference, which Kura renders as a keystore picker; DS reads it,
     * not these options.
     */
    public static final Setting<String> KEYSTORE_SERVICE_TARGET = Setting
            .text("KeystoreService.target", KURA_SSL_KEYSTORE).named("KeystoreService Target Filter")
            .describedAs("The Kura keystore holding the server key (alias above), used when DTLS certificates come "
                    + "from Kura keystore services.");
    /** As {@link #KEYSTORE_SERVICE_TARGET}, for the keystore of trusted CAs. */
    public static final Setting<String> TRUSTSTORE_SERVICE_TARGET = Setting
            .text("TruststoreKeystoreService.target", KURA_SSL_KEYSTORE)
            .named("TruststoreKeystoreService Target Filter")
            .describedAs("The Kura keystore whose certificate entries are the CAs trusted for client certificates, "
                    + "used when DTLS certificates come from Kura keystore services.");
    public static final Setting<Boolean> RPK_ENABLED = Setting.flag("dtls.rpk.enabled", false)
            .named("DTLS raw public keys")
            .describedAs("Also offer the server key as a raw public key (RFC 7250) to clients that ask for it. Needs a "
                    + "server key (certificates from files or Kura keystore).");
    public static final Setting<String> RPK_TRUSTED = Setting.text("dtls.rpk.trusted", "").optional()
            .named("DTLS trusted client raw public keys")
            .describedAs("Client raw public keys accepted: base64 SubjectPublicKeyInfo (DER) values separated by ';', "
                    + "or * for any key (then use the allowed-writers list with rpk:ni:///sha-256;... identities). "
                    + "Empty: none.|TextArea");
    public static final Setting<ClientAuthentication> CLIENT_AUTH = Setting
            .choice("dtls.client.auth", ClientAuthentication.NEEDED)
            .labelled("needed", "needed", "wanted", "wanted", "none", "none").named("DTLS client authentication")
            .describedAs("With certificates: whether clients must present a certificate or raw public key (needed), "
                    + "may (wanted), or are not asked (none). Needs trusted CAs or raw public keys unless none. "
                    + "Ignored for PSK-only endpoints.");
    public static final Setting<String> CIPHER_SUITES = Setting.text("dtls.cipher.suites", "").optional()
            .named("DTLS cipher suites")
            .describedAs("Cipher suites offered, comma-separated IANA names (e.g. "
                    + "TLS_PSK_WITH_AES_128_CCM_8,TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8). Empty: the stack's recommended "
                    + "suites for the configured credentials.");
    public static final Setting<Integer> CONNECTION_ID_LENGTH = Setting.integer("dtls.connection.id.length", 6)
            .range(0, 16).named("DTLS connection ID length")
            .describedAs("Length of the DTLS Connection ID (RFC 9146) this server assigns, so that clients behind NATs "
                    + "keep their session when their address changes. 0 disables it.");
    public static final Setting<Boolean> SESSION_RESUMPTION = Setting.flag("dtls.session.resumption", true)
            .named("DTLS session resumption")
            .describedAs("Give sessions an id so that clients can resume them with an abbreviated handshake (no key "
                    + "exchange, a fraction of the CPU of a full one). A session can be resumed while its connection "
                    + "is kept (see DTLS maximum connections and stale connection); only clients supporting the "
                    + "extended master secret (RFC 7627) get one. Off: every handshake is a full one.");
    public static final Setting<Integer> MAX_CONNECTIONS = Setting.integer("dtls.limits.connections", 1000)
            .range(1, 100_000).named("DTLS maximum connections")
            .describedAs("DTLS connections (sessions) kept at once; Scandium's default (150000) is sized for cloud "
                    + "servers. A resumption needs a free place while it runs. Also the handshake limit: the DTLS "
                    + "stack accepts at most this many (50 at least) recent handshakes, full or resumed (one counts "
                    + "for about 2 minutes, or until a later resumption of the same session replaces its connection "
                    + "and the next clean-up, within 30 s), and refuses further ones until older ones expire. Size it "
                    + "for the peak number of handshakes, not only of clients.");
    public static final Setting<Integer> STALE_CONNECTION = Setting.integer("dtls.limits.stale.connection.seconds",
            1800).range(60, 86_400).named("DTLS stale connection (s)")
            .describedAs("A connection idle this long may be evicted when room is needed for a new handshake.");
    public static final Setting<Integer> HANDSHAKE_RETRANSMISSIONS = Setting
            .integer("dtls.handshake.retransmissions", 4).range(0, 10).named("DTLS handshake retransmissions")
            .describedAs("How often a handshake flight is retransmitted before the handshake fails.");
    public static final Setting<Integer> HANDSHAKE_TIMEOUT = Setting.integer("dtls.handshake.timeout.ms", 2000)
            .range(100, 60_000).named("DTLS handshake retransmission timeout (ms)")
            .describedAs("Initial retransmission timeout of a handshake flight (doubles on each retry).");
    public static final Setting<Integer> HANDSHAKE_MESSAGE_SIZE = Setting
            .integer("dtls.handshake.max.message.size", 8192).range(1024, 65_536)
            .named("DTLS maximum handshake message (bytes)")
            .describedAs("Largest handshake message (for example a certificate chain) reassembled from fragments.");
    public static final Setting<Integer> RECEIVER_THREADS = Setting.integer("dtls.threads.receiver", 1).range(1, 8)
            .named("DTLS receiver threads").describedAs("Threads reading the DTLS socket.");
    public static final Setting<Integer> CONNECTOR_THREADS = Setting.integer("dtls.threads.connector", 2)
            .range(1, 16).named("DTLS connector threads")
            .describedAs("Threads running handshakes and record encryption.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(ENABLED, PORT, PSK_CREDENTIALS, CERTIFICATE_SOURCE,
            KEYSTORE_PATH, KEYSTORE_PASSWORD, KEY_ALIAS, TRUSTSTORE_PATH, TRUSTSTORE_PASSWORD, KEYSTORE_SERVICE_TARGET,
            TRUSTSTORE_SERVICE_TARGET, RPK_ENABLED, RPK_TRUSTED, CLIENT_AUTH, CIPHER_SUITES, CONNECTION_ID_LENGTH,
            SESSION_RESUMPTION, MAX_CONNECTIONS, STALE_CONNECTION, HANDSHAKE_RETRANSMISSIONS, HANDSHAKE_TIMEOUT,
            HANDSHAKE_MESSAGE_SIZE, RECEIVER_THREADS, CONNECTOR_THREADS);

    /** What {@link #RPK_TRUSTED} holds to trust any client raw public key. */
    private static final String ANY_KEY = "*";

    private static final DtlsOptions DEFAULTS = fromProperties(Map.of(), SecretDecoder.PLAIN);

    public DtlsOptions {
        PORT.check(port);
        keystorePath = keystorePath == null ? "" : keystorePath.trim();
        truststorePath = truststorePath == null ? "" : truststorePath.trim();
        keyAlias = keyAlias == null ? "" : keyAlias.trim();
        trustedRawPublicKeys = Set.copyOf(trustedRawPublicKeys);
        cipherSuites = List.copyOf(cipherSuites);
        CONNECTION_ID_LENGTH.check(connectionIdLength);
        MAX_CONNECTIONS.check(maxConnections);
        STALE_CONNECTION.check(staleConnectionSeconds);
        HANDSHAKE_RETRANSMISSIONS.check(handshakeRetransmissions);
        HANDSHAKE_TIMEOUT.check(handshakeTimeoutMillis);
        HANDSHAKE_MESSAGE_SIZE.check(maxHandshakeMessageSize);
        RECEIVER_THREADS.check(receiverThreads);
        CONNECTOR_THREADS.check(connectorThreads);
        if (enabled) {
            requireCredentials(psk, certificateSource, keystorePath, keyAlias, rawPublicKeys);
        }
    }

    private static void requireCredentials(PskCredentials psk, CertificateSource source, String keystorePath,
            String keyAlias, boolean rawPublicKeys) {
        if (psk.isEmpty() && source == CertificateSource.NONE) {
            throw new InvalidPropertyException(PSK_CREDENTIALS.id(), "DTLS is enabled (" + ENABLED
                    + ") but there are neither PSK credentials nor certificates (" + CERTIFICATE_SOURCE + ")");
        }
        if (source == CertificateSource.FILES && keystorePath.isEmpty()) {
            throw new InvalidPropertyException(KEYSTORE_PATH.id(), "is empty but " + CERTIFICATE_SOURCE + " is files");
        }
        if (source != CertificateSource.NONE && keyAlias.isEmpty()) {
            throw new InvalidPropertyException(KEY_ALIAS.id(),
                    "is empty but " + CERTIFICATE_SOURCE + " is " + source.value());
        }
        if (rawPublicKeys && source == CertificateSource.NONE) {
            throw new InvalidPropertyException(RPK_ENABLED.id(),
                    "raw public keys need the server key from " + CERTIFICATE_SOURCE + " (files or kura-keystore)");
        }
    }

    /** @return every setting at its default (DTLS off) */
    public static DtlsOptions defaults() {
        return DEFAULTS;
    }

    /**
     * @param properties component properties as Kura delivers them; missing ones take their defaults
     * @param secrets decrypts the Password properties
     * @throws InvalidPropertyException naming the first refused property
     */
    public static DtlsOptions fromProperties(Map<String, ?> properties, SecretDecoder secrets) {
        char[] pskText = secret(PSK_CREDENTIALS, properties, secrets);
        PskCredentials psk = PskCredentials.parse(pskText);
        Arrays.fill(pskText, '\0');
        String rpkTrusted = RPK_TRUSTED.from(properties).trim();
        boolean anyKey = rpkTrusted.equals(ANY_KEY);
        return new DtlsOptions(ENABLED.from(properties), PORT.from(properties), psk,
                CERTIFICATE_SOURCE.from(properties), KEYSTORE_PATH.from(properties),
                Secret.of(secret(KEYSTORE_PASSWORD, properties, secrets)), KEY_ALIAS.from(properties),
                TRUSTSTORE_PATH.from(properties), Secret.of(secret(TRUSTSTORE_PASSWORD, properties, secrets)),
                RPK_ENABLED.from(properties), anyKey, anyKey ? Set.of() : rawPublicKeys(rpkTrusted),
                CLIENT_AUTH.from(properties), entries(CIPHER_SUITES.from(properties)),
                CONNECTION_ID_LENGTH.from(properties), SESSION_RESUMPTION.from(properties),
                MAX_CONNECTIONS.from(properties), STALE_CONNECTION.from(properties),
                HANDSHAKE_RETRANSMISSIONS.from(properties), HANDSHAKE_TIMEOUT.from(properties),
                HANDSHAKE_MESSAGE_SIZE.from(properties), RECEIVER_THREADS.from(properties),
                CONNECTOR_THREADS.from(properties));
    }

    /** Identities only, never a secret. */
    @Override
    public String toString() {
        return "DtlsOptions[enabled=" + enabled + ", port=" + port + ", " + psk + ", certificates="
                + certificateSource.value() + ", rpk=" + rawPublicKeys + ", clientAuth=" + clientAuthentication
                + ", cid=" + connectionIdLength + ", resumption=" + sessionResumption + "]";
    }

    private static char[] secret(Setting<char[]> setting, Map<String, ?> properties, SecretDecoder secrets) {
        char[] stored = setting.from(properties);
        return stored.length == 0 ? stored : secrets.decode(setting.id(), new String(stored));
    }

    /** Values separated by commas, semicolons or white space, as the WebUI descriptions allow. */
    private static List<String> entries(String text) {
        List<String> entries = new ArrayList<>();
        for (String entry : text.split("[,;\\s]+")) {
            if (!entry.isBlank()) {
                entries.add(entry.trim());
            }
        }
        return entries;
    }

    /** Base64 is checked here; whether the bytes are a key the DTLS stack can use, when it builds the endpoint. */
    private static Set<String> rawPublicKeys(String text) {
        Set<String> keys = new LinkedHashSet<>();
        for (String entry : entries(text)) {
            try {
                keys.add(Base64.getEncoder().encodeToString(Base64.getDecoder().decode(entry)));
            } catch (IllegalArgumentException e) {
                throw new InvalidPropertyException(RPK_TRUSTED.id(),
                        "'" + entry + "' is not a base64 SubjectPublicKeyInfo (or '*' for any key)");
            }
        }
        return keys;
    }
}
