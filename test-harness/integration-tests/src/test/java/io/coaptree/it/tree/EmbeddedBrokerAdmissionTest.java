package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;

import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.broker.GatewayAdmission;

/**
 * The admission scenarios on the embedded broker (the demo's): TLS only with a client certificate of the tree's CA,
 * the generated access list, each gateway's own user name and password; and what the embedded broker adds to the
 * generated Mosquitto set-up: client ids bound to their users, and a CONNECT whose last will the access list does not
 * allow refused.
 */
class EmbeddedBrokerAdmissionTest extends BrokerAdmissionScenarios {

    private static final char[] BROKER_STORE_PASSWORD = "broker-store".toCharArray();

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(Admission admission) throws IOException {
        return start(admission);
    }

    /** The embedded broker on TLS, with the generated access list and the admission's passwords. */
    static TreeBroker start(Admission admission) throws IOException {
        EmbeddedBroker embedded = EmbeddedBroker.builder()
                .tls(admission.pki().serverKeystore("broker", BROKER_STORE_PASSWORD), BROKER_STORE_PASSWORD)
                .gateways(GatewayAdmission.of(admission.pki().caCertificatePem(), admission.passwords(),
                        admission.aclFile()))
                .start();
        return TreeBroker.embedded(embedded, embedded::tlsUrl);
    }

    /** MQTT lets a new connection take a client id's session over: with the monitor's credentials, gB2's is refused. */
    @Test
    @Order(10)
    void theMonitorsCredentialsCannotTakeAGatewaysClientId() throws Exception {
        MqttException refused = assertThrows(MqttException.class, () -> connectWith(MONITOR, "gB2", null).close());
        assertEquals(MqttException.REASON_CODE_INVALID_CLIENT_ID, refused.getReasonCode(), refused.toString());
        assertThrows(MqttException.class, () -> connectWith("gA1", "gB2", null).close(), "nor another gateway's");
        assertEquals("7", liveGateways(), "gB2 kept its session");
    }

    /** A will announces a gateway's death to the tree: only the gateway's own lwt topic may carry one. */
    @Test
    @Order(11)
    void aLastWillOnAnotherGatewaysTopicIsRefused() throws Exception {
        MqttException refused = assertThrows(MqttException.class,
                () -> connectWith("gA1", "gA1-will", "coaptree/B/2/gB2/lwt").close());
        assertEquals(MqttException.REASON_CODE_NOT_AUTHORIZED, refused.getReasonCode(), refused.toString());
        connectWith("gA1", "gA1-will", "coaptree/A/1/gA1/lwt").close(); // its own: admitted
        assertEquals("7", liveGateways(), "nobody was announced dead");
    }
}
