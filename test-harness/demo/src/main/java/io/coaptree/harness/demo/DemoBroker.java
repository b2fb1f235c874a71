package io.coaptree.harness.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.coaptree.brokeracl.BrokerAclTool;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;
import io.coaptree.harness.hierarchy.BrokerCredentials;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeInventory;
import io.coaptree.harness.pki.TestPki;

/**
 * The demo's broker as a fleet would run it: TLS only, each gateway admitted with its own client certificate and
 * password, and the access list the shipped generator makes from the role snapshots and the fleet (the seven
 * gateways and a read-only {@value #MONITOR}). Everything is made at start under the demo's storage.
 */
final class DemoBroker {

    /** A read-only client of the whole tree (role observer), for watching and for the replay demonstration. */
    static final String MONITOR = "monitor";
    private static final char[] STORE_PASSWORD = "demo-broker-store".toCharArray();

    final EmbeddedBroker broker;
    final BrokerCredentials credentials;
    final TestPki pki;
    final TestPki.ClientIdentity monitor;
    final String monitorPassword;

    private DemoBroker(EmbeddedBroker broker, BrokerCredentials credentials, TestPki pki,
            TestPki.ClientIdentity monitor, String monitorPassword) {
        this.broker = broker;
        this.credentials = credentials;
        this.pki = pki;
        this.monitor = monitor;
        this.monitorPassword = monitorPassword;
    }

    static DemoBroker start(Path storage, Path kuraConfig, List<TreeHierarchy.Gateway> gateways) throws IOException {
        Path dir = Files.createDirectories(storage.resolve("broker"));
        TestPki pki = TestPki.create(dir.resolve("pki"));
        BrokerCredentials credentials = BrokerCredentials.issue(pki, gateways, true);
        TestPki.ClientIdentity monitor = pki.client(MONITOR, "mqtt", STORE_PASSWORD);
        String monitorPassword = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        Map<String, String> passwords = new HashMap<>(credentials.passwords());
        passwords.put(MONITOR, monitorPassword);
        Path inventory = Files.write(dir.resolve("fleet.txt"), TreeInventory.lines(gateways, MONITOR));
        Path generated = dir.resolve("generated");
        int status = BrokerAclTool.run(new String[] { "--kura-config", kuraConfig.toString(), "--inventory",
                inventory.toString(), "--out", generated.toString(), "--port", "8883", "--bind", "127.0.0.1",
                "--acl-file", generated.resolve(BrokerAclTool.ACL_FILE).toString(), "--cafile",
                pki.caCertificatePem().toString(), "--certfile", pki.serverCertificatePem().toString(), "--keyfile",
                pki.serverKeyPem().toString() }, System.out, System.err);
        if (status != 0) {
            throw new IllegalStateException("the broker access list could not be generated (status " + status + ")");
        }
        EmbeddedBroker broker = EmbeddedBroker.builder()
                .tls(pki.serverKeystore("broker", STORE_PASSWORD), STORE_PASSWORD)
                .gateways(GatewayAdmission.of(pki.caCertificatePem(), passwords,
                        generated.resolve(BrokerAclTool.ACL_FILE)))
                .start();
        return new DemoBroker(broker, credentials, pki, monitor, monitorPassword);
    }

    String url() {
        return broker.tlsUrl();
    }

    /**
     * Mosquitto client options for connecting as {@code identity} with {@code password}, under a client id of its
     * own ({@code <name>-cli}: the embedded broker refuses an empty one, and the gateway's own id would push the
     * gateway off the broker).
     */
    String clientOptions(TestPki.ClientIdentity identity, String password) {
        return "-V mqttv311 -i " + identity.name() + "-cli -h 127.0.0.1 -p " + url().replaceAll(".*:(\\d+)/?$", "$1") + " --cafile "
                + pki.caCertificatePem().toAbsolutePath() + " --cert " + identity.certificatePem().toAbsolutePath()
                + " --key " + identity.keyPem().toAbsolutePath() + " -u " + identity.name() + " -P " + password;
    }

    void close() {
        broker.close();
    }
}
