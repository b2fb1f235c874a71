package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;

import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The admission scenarios on the embedded broker (the demo's): TLS only with a client certificate of the tree's CA,
 * the generated access list, each gateway's own user name and password; and how the embedded broker refuses where
 * the generated Mosquitto set-up renames or drops: a client id of another user refused at CONNECT (Mosquitto makes
 * every client id its user name), and a CONNECT whose last will the access list does not allow refused (Mosquitto
 * drops the will when it would publish it).
 */
class EmbeddedBrokerAdmissionTest extends BrokerAdmissionScenarios {

    @Override
    protected boolean withPasswords() {
        return true;
    }

    @Override
    protected TreeBroker startBroker(AdmittedTree.Admission admission) throws IOException {
        return AdmittedTree.embeddedBroker(admission);
    }

    /** MQTT lets a new connection take a client id's session over: with the monitor's credentials, gB2's is refused. */
    @Test
    @Order(10)
    void theMonitorsCredentialsCannotTakeAGatewaysClientId() throws Exception {
        MqttException refused = assertThrows(MqttException.class, () -> connectWith(MONITOR, "gB2", null).close());
        assertEquals(MqttException.REASON_CODE_INVALID_CLIENT_ID, refused.getReasonCode(), refused.toString());
        assertThrows(MqttException.class, () -> connectWith("gA1", "gB2", null).close(), "nor another gateway's");
        assertEquals(List.of(), missingNeighbours(), "gB2 kept its session");
    }

    /** A will announces a gateway's death to the tree: only the gateway's own lwt topic may carry one. */
    @Test
    @Order(11)
    void aLastWillOnAnotherGatewaysTopicIsRefused() throws Exception {
        MqttException refused = assertThrows(MqttException.class,
                () -> connectWith("gA1", "gA1-will", "coaptree/B/2/gB2/lwt").close());
        assertEquals(MqttException.REASON_CODE_NOT_AUTHORIZED, refused.getReasonCode(), refused.toString());
        connectWith("gA1", "gA1-will", "coaptree/A/1/gA1/lwt").close(); // its own: admitted
        assertEquals(List.of(), missingNeighbours(), "nobody was announced dead");
    }
}
