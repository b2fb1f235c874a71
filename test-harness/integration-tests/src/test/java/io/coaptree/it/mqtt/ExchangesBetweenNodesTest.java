package io.coaptree.it.mqtt;

import io.coaptree.harness.broker.EmbeddedBroker;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.node.KuraNode;
import io.coaptree.harness.node.MetatypeCheck;

/**
 * The first evaluation's MQTT test (docs/design.md, "How it is measured"): two emulated gateways with the CoAPTree
 * package exchange 1000 CoAP requests and responses (Kryo envelopes) over the lean MQTT transport and an embedded
 * broker, with no exception; the total time is reported, not asserted. The transports get a small in-flight window,
 * so the initiator has to back off instead of piling messages up, as the stock DataService path could not.
 */
class ExchangesBetweenNodesTest {

    private static final int EXCHANGES = 1000;
    private static final String TOPIC = "coaptree/it/exchanges";
    private static final String RESPONDER = "probe-responder";

    private static EmbeddedBroker broker;
    private static KuraNode responderNode;
    private static KuraNode initiatorNode;

    @BeforeAll
    static void startBrokerAndNodes() throws Exception {
        broker = EmbeddedBroker.builder().user(MqttNodes.USER, MqttNodes.PASSWORD).start();
        Map<String, Object> smallWindow = Map.of("in-flight-messages.max-number", 4);
        responderNode = MqttNodes.start("mqtt-responder", broker.url(), MqttNodes.USER,
                MqttNodes.PASSWORD, smallWindow);
        initiatorNode = MqttNodes.start("mqtt-initiator", broker.url(), MqttNodes.USER,
                MqttNodes.PASSWORD, smallWindow);
        MqttNodes.probe(responderNode, "probe-unmatched",
                Map.of("DataTransportService.target", "(kura.service.pid=no.such.Transport)", "probe.topic", TOPIC));
        MqttNodes.probe(responderNode, RESPONDER, Map.of("probe.mode", "responder", "probe.topic", TOPIC));
        MqttNodes.awaitProbeState(responderNode, RESPONDER, "ready");
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { initiatorNode, responderNode, broker }) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    @Test
    void theTransportIsRegisteredUnderItsPidAndSelectedByTargetFilter() {
        String byPid = "(kura.service.pid=" + MqttNodes.TRANSPORT_PID + ")";
        assertTrue(responderNode.awaitServiceProperty(MqttNodes.TRANSPORT_SERVICE, byPid, MqttNodes.TIMEOUT));
        assertEquals(MqttNodes.TRANSPORT_PID,
                responderNode.serviceProperty(MqttNodes.TRANSPORT_SERVICE, byPid, "service.pid"));
        assertTrue(responderNode.awaitServiceProperty("org.eclipse.kura.configuration.ConfigurableComponent", byPid,
                MqttNodes.TIMEOUT), "configurable in the WebUI");

        assertEquals(MqttNodes.TRANSPORT_PID, MqttNodes.probeStatus(responderNode, RESPONDER,
                "transport.kura.service.pid"), "DataTransportService.target selected the lean transport");
        // Configured before the responder, which is ready: its filter matches no transport, so it never started.
        assertNull(MqttNodes.probeStatus(responderNode, "probe-unmatched", "probe.state"));
    }

    @Test
    void theProbesMetatypeFollowsKurasRules() {
        assertEquals(List.of(), MetatypeCheck.violations(MqttNodes.probeBundle()));
    }

    @Test
    void thousandRequestResponseExchangesWithoutAnError() throws Exception {
        String initiator = "probe-initiator";
        MqttNodes.probe(initiatorNode, initiator, Map.of("probe.mode", "initiator", "probe.topic", TOPIC,
                "probe.exchanges", EXCHANGES, "probe.concurrency", 16, "probe.qos", 1, "probe.payload-bytes", 64));
        MqttNodes.awaitProbeState(initiatorNode, initiator, "done");

        Object ok = MqttNodes.probeStatus(initiatorNode, initiator, "exchanges.ok");
        Object errors = MqttNodes.probeStatus(initiatorNode, initiator, "exchanges.errors");
        Object millis = MqttNodes.probeStatus(initiatorNode, initiator, "exchanges.total-millis");
        Object backoffs = MqttNodes.probeStatus(initiatorNode, initiator, "exchanges.backoffs");
        System.out.printf("MQTT exchanges between two nodes: %s of %d ok, %s errors, total %s ms, %s back-offs on a "
                + "full in-flight window (window 4, 16 outstanding, QoS 1, embedded broker)%n", ok, EXCHANGES,
                errors, millis, backoffs);
        assertEquals("", MqttNodes.probeStatus(initiatorNode, initiator, "probe.error"));
        assertEquals(0, ((Number) errors).intValue());
        assertEquals(EXCHANGES, ((Number) ok).intValue());
    }
}
