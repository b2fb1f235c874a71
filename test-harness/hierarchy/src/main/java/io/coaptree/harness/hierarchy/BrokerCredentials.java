package io.coaptree.harness.hierarchy;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.pki.TestPki;

/**
 * Each gateway's own MQTT credentials, generated at start: a client certificate {@code CN=<node name>} from a
 * {@link TestPki} in a Kura keystore instance ({@value #KEYSTORE_PID}, Kura's filesystem keystore factory) that the
 * lean transport uses for TLS (trusting the PKI's CA, presenting the gateway's key), and optionally a password of its
 * own with user name = node name (for a broker that checks a password per gateway, such as the embedded broker or
 * Mosquitto generated with {@code --auth password}). Pass the tree's {@code mqtts://} URL as the hierarchy's broker
 * URL.
 */
public final class BrokerCredentials implements GatewayProvisioning {

    /** The keystore instance each gateway gets, as an operator would add it in Security &gt; Keystore Configuration. */
    public static final String KEYSTORE_PID = "CoAPTreeMqttKeystore";
    static final String KEYSTORE_FACTORY_PID = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, TestPki.ClientIdentity> identities = new HashMap<>();
    private final Map<String, String> keystorePasswords = new HashMap<>();
    private final Map<String, String> passwords = new HashMap<>();

    private BrokerCredentials() {
    }

    /**
     * @param withPasswords whether each gateway also logs in with its node name and a password of its own
     */
    public static BrokerCredentials issue(TestPki pki, List<TreeHierarchy.Gateway> gateways, boolean withPasswords) {
        BrokerCredentials credentials = new BrokerCredentials();
        for (TreeHierarchy.Gateway g : gateways) {
            String keystorePassword = secret();
            credentials.keystorePasswords.put(g.name(), keystorePassword);
            credentials.identities.put(g.name(), pki.client(g.name(), "mqtt", keystorePassword.toCharArray()));
            if (withPasswords) {
                credentials.passwords.put(g.name(), secret());
            }
        }
        return credentials;
    }

    /** User name (node name) to password; empty without passwords. For the broker's side. */
    public Map<String, String> passwords() {
        return Map.copyOf(passwords);
    }

    /** A gateway's certificate, key and keystore (e.g. for a test that steals them). */
    public TestPki.ClientIdentity identity(String name) {
        TestPki.ClientIdentity identity = identities.get(name);
        if (identity == null) {
            throw new IllegalArgumentException("no credentials issued for " + name);
        }
        return identity;
    }

    /** The password of {@link #identity(String)}'s keystore. */
    public char[] keystorePassword(String name) {
        identity(name);
        return keystorePasswords.get(name).toCharArray();
    }

    @Override
    public Map<String, Map<String, Object>> configurations(TreeHierarchy.Gateway gateway) {
        TestPki.ClientIdentity identity = identity(gateway.name());
        Map<String, Object> keystore = Map.of("service.factoryPid", KEYSTORE_FACTORY_PID, "keystore.path",
                identity.keystore().toString(), "keystore.password",
                KuraNode.password(keystorePasswords.get(gateway.name())));
        Map<String, Object> transport = new HashMap<>();
        transport.put("KeystoreService.target", "(kura.service.pid=" + KEYSTORE_PID + ")");
        transport.put("ssl.hostname.verification", true);
        if (passwords.containsKey(gateway.name())) {
            transport.put("username", gateway.name());
            transport.put("password", KuraNode.password(passwords.get(gateway.name())));
        }
        return Map.of(KEYSTORE_PID, keystore, TreeHierarchy.TRANSPORT_PID, transport);
    }

    private static String secret() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
