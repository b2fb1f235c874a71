package io.coaptree.it.mqtt;

import io.coaptree.harness.broker.EmbeddedBroker;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.pki.TestPki;

/**
 * TLS as an operator sets it up in the WebUI: a keystore instance (Kura's FilesystemKeystoreServiceImpl factory)
 * holding the broker's CA, picked by the transport's KeystoreService.target; broker URL mqtts:// with hostname
 * verification on. The keystore is created after the transport, as in the WebUI, so the transport first fails
 * (Java's default trust store does not know the test CA) and then connects on a retry once the keystore is bound.
 */
class TlsThroughKeystoreServiceTest {

    private static final String TRUST_PID = "MqttBrokerTrust";
    private static final String KEYSTORE_FACTORY_PID = "org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl";

    @Test
    void theTransportTrustsTheBrokerThroughAKuraKeystoreService() throws Exception {
        Path work = Files.createDirectories(Path.of(System.getProperty("coaptree.work", "target/nodes")));
        TestPki pki = TestPki.create(Files.createTempDirectory(work, "mqtt-pki-"));
        char[] password = "keystore-pw".toCharArray();
        try (EmbeddedBroker broker = EmbeddedBroker.builder().user(MqttNodes.USER, MqttNodes.PASSWORD)
                .tls(pki.serverKeystore("broker", password), password).start();
                KuraNode node = MqttNodes.start("mqtt-tls", broker.tlsUrl(), MqttNodes.USER,
                        MqttNodes.PASSWORD, Map.of("KeystoreService.target",
                                "(kura.service.pid=" + TRUST_PID + ")"))) {
            node.updateConfiguration(TRUST_PID, Map.of("service.factoryPid", KEYSTORE_FACTORY_PID,
                    "keystore.path", pki.truststore(password).toString(),
                    "keystore.password", node.encryptPassword(new String(password))));
            MqttNodes.probe(node, "tls-check", Map.of("probe.mode", "responder", "probe.topic", "coaptree/it/tls"));
            MqttNodes.awaitProbeState(node, "tls-check", "ready");
            assertEquals(MqttNodes.TRANSPORT_PID, MqttNodes.probeStatus(node, "tls-check", "transport.kura.service.pid"));
        }
    }
}
