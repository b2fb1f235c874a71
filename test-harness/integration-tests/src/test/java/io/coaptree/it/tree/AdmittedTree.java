package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.coaptree.brokeracl.BrokerAclTool;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;
import io.coaptree.harness.broker.TlsMqttClient;
import io.coaptree.harness.hierarchy.BrokerCredentials;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeInventory;
import io.coaptree.harness.pki.TestPki;

/**
 * The seven-gateway tree on a broker configured with what the shipped generator ({@code coaptree-broker-acl})
 * writes from the {@code kura-config/} snapshots and the fleet's inventory, every gateway connecting over TLS with a
 * client certificate of its own (keys generated for the run), plus credentials a test can steal: two read-only
 * observers ({@value #MONITOR}, {@value #WATCHER}) and a spare group gateway {@link #SPARE} that the inventory lists
 * but that never runs. Every user has one connection at a time (Mosquitto binds the client id to the user), so a test
 * that needs a client beside the running gateways uses these, never a running gateway's credentials.
 */
final class AdmittedTree implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final String MONITOR = "monitor";
    static final String WATCHER = "watcher";
    /** A gateway of group A/1 in the inventory, with credentials, that no node runs. */
    static final TreeHierarchy.Gateway SPARE = new TreeHierarchy.Gateway("gA3", 2, "A", "1");
    private static final char[] STORE_PASSWORD = "client-store".toCharArray();

    /** What a test class gets to start its broker with. */
    record Admission(Path work, Path generated, int port, TestPki pki, Map<String, String> passwords) {
        Path aclFile() {
            return generated.resolve(BrokerAclTool.ACL_FILE);
        }

        Path confFile() {
            return generated.resolve(BrokerAclTool.CONF_FILE);
        }
    }

    /** Starts the broker with the generated files and these credentials; it listens for TLS only. */
    interface BrokerStarter {
        TreeBroker start(Admission admission) throws Exception;
    }

    private final boolean withPasswords;
    private final TestPki pki;
    private final BrokerCredentials credentials;
    private final BrokerCredentials spare;
    private final Map<String, TestPki.ClientIdentity> observers = new HashMap<>();
    private final Map<String, String> passwords = new HashMap<>();
    private TreeBroker broker;
    private TreeHierarchy tree;

    private AdmittedTree(boolean withPasswords, TestPki pki, List<TreeHierarchy.Gateway> gateways) {
        this.withPasswords = withPasswords;
        this.pki = pki;
        this.credentials = BrokerCredentials.issue(pki, gateways, withPasswords);
        this.spare = BrokerCredentials.issue(pki, List.of(SPARE), withPasswords);
        passwords.putAll(credentials.passwords());
        passwords.putAll(spare.passwords());
        for (String observer : List.of(MONITOR, WATCHER)) {
            observers.put(observer, pki.client(observer, "mqtt", STORE_PASSWORD));
            if (withPasswords) {
                passwords.put(observer, UUID.randomUUID().toString());
            }
        }
    }

    /** @param withPasswords whether each client also logs in with its name and a password of its own */
    static AdmittedTree start(boolean withPasswords, BrokerStarter starter) throws Exception {
        TreeTestSettings.californiumClients();
        Path work = TreeTestSettings.workDirectory();
        Path dir = Files.createTempDirectory(work, "admission-");
        List<TreeHierarchy.Gateway> gateways = TreeHierarchy.sevenGateways();
        AdmittedTree admitted = new AdmittedTree(withPasswords, TestPki.create(dir.resolve("pki")), gateways);
        try {
            int port = MosquittoProcess.freePort();
            Path generated = generate(dir, gateways, port);
            admitted.broker = starter.start(new Admission(dir, generated, port, admitted.pki,
                    Map.copyOf(admitted.passwords)));
            TreeHierarchy.Settings settings = TreeTestSettings.fastTree(work, "tree-", admitted.broker.url(),
                    Map.of());
            admitted.tree = TreeHierarchy.start(settings, gateways, TIMEOUT, admitted.credentials);
            return admitted;
        } catch (Exception | Error e) {
            admitted.close();
            throw e;
        }
    }

    /** The fleet's inventory through the shipped command line, as an operator runs it. */
    static Path generate(Path dir, List<TreeHierarchy.Gateway> gateways, int port) throws Exception {
        List<TreeHierarchy.Gateway> fleet = new ArrayList<>(gateways);
        fleet.add(SPARE);
        Path inventoryFile = Files.write(dir.resolve("fleet.txt"), TreeInventory.lines(fleet, MONITOR, WATCHER));
        Path out = dir.resolve("broker");
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(messages, true, StandardCharsets.UTF_8);
        int status = BrokerAclTool.run(new String[] { "--kura-config", System.getProperty("coaptree.kura-config"),
                "--inventory", inventoryFile.toString(), "--out", out.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--acl-file", out.resolve(BrokerAclTool.ACL_FILE).toString(), "--cafile",
                dir.resolve("pki/ca.pem").toString(), "--certfile", dir.resolve("pki/server.pem").toString(),
                "--keyfile", dir.resolve("pki/server-key.pem").toString() }, print, print);
        assertEquals(0, status, messages.toString(StandardCharsets.UTF_8));
        return out;
    }

    /**
     * The embedded broker (the demo's) admitting only the tree: TLS with a client certificate of the tree's CA, each
     * user's password, the generated access list.
     */
    static TreeBroker embeddedBroker(Admission admission) throws IOException {
        char[] storePassword = "broker-store".toCharArray();
        EmbeddedBroker embedded = EmbeddedBroker.builder()
                .tls(admission.pki().serverKeystore("broker", storePassword), storePassword)
                .gateways(GatewayAdmission.of(admission.pki().caCertificatePem(), admission.passwords(),
                        admission.aclFile()))
                .start();
        return TreeBroker.embedded(embedded, embedded::tlsUrl);
    }

    /** Debian's Mosquitto with exactly the generated configuration, plus logging of every packet. */
    static MosquittoProcess mosquitto(Admission admission) throws Exception {
        List<String> settings = new ArrayList<>(Files.readAllLines(admission.confFile()));
        settings.add("log_type all");
        return MosquittoProcess.start(admission.work().resolve("mosquitto"), admission.port(),
                "mqtts://localhost:" + admission.port() + "/", settings);
    }

    TreeBroker broker() {
        return broker;
    }

    TreeHierarchy tree() {
        return tree;
    }

    TestPki pki() {
        return pki;
    }

    boolean withPasswords() {
        return withPasswords;
    }

    /** The password {@code user} logs in with, or {@code fallback} when users log in by certificate only. */
    String password(String user, String fallback) {
        return passwords.getOrDefault(user, fallback);
    }

    /** The keystore password of a gateway's, the spare's or an observer's credentials. */
    char[] storePassword(String user) {
        return observers.containsKey(user) ? STORE_PASSWORD.clone()
                : user.equals(SPARE.name()) ? spare.keystorePassword(user) : credentials.keystorePassword(user);
    }

    TestPki.ClientIdentity identity(String user) {
        TestPki.ClientIdentity observer = observers.get(user);
        return observer != null ? observer : user.equals(SPARE.name()) ? spare.identity(user)
                : credentials.identity(user);
    }

    /**
     * A client with the credentials of {@code user} (a gateway, the spare or an observer) under {@code clientId},
     * with an empty last will on {@code willTopic} unless null.
     */
    TlsMqttClient connectWith(String user, String clientId, String willTopic) throws Exception {
        return TlsMqttClient.connect(broker.url(), clientId, identity(user).keystore(), storePassword(user),
                withPasswords ? user : null, passwords.get(user), willTopic);
    }

    @Override
    public void close() {
        if (tree != null) {
            tree.close();
        }
        if (broker != null) {
            broker.close();
        }
    }
}
