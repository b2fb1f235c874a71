package io.coaptree.mqtt.paho;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Test;

/** What each Paho reason code means for the transport, and how a failure is described. */
class PahoFailureTest {

    @Test
    void classifiesPahosReasonCodes() {
        assertEquals(PahoFailure.IN_FLIGHT_FULL,
                PahoFailure.of(new MqttException(MqttException.REASON_CODE_MAX_INFLIGHT)));
        for (short code : new short[] { MqttException.REASON_CODE_CLIENT_NOT_CONNECTED,
                MqttException.REASON_CODE_CONNECTION_LOST, MqttException.REASON_CODE_CLIENT_DISCONNECTING,
                MqttException.REASON_CODE_CLIENT_CLOSED }) {
            assertEquals(PahoFailure.NOT_CONNECTED, PahoFailure.of(new MqttException(code)), "reason " + code);
        }
        assertEquals(PahoFailure.TIMEOUT,
                PahoFailure.of(new MqttException(MqttException.REASON_CODE_CLIENT_TIMEOUT)));
        assertEquals(PahoFailure.OTHER, PahoFailure.of(new MqttException(MqttException.REASON_CODE_NOT_AUTHORIZED)));
    }

    @Test
    void describesAFailureWithItsReasonAndCause() {
        String text = PahoFailure.describe(new MqttException(MqttException.REASON_CODE_CONNECTION_LOST,
                new IOException("reset by peer")));
        assertTrue(text.contains("[reason " + MqttException.REASON_CODE_CONNECTION_LOST + "]"), text);
        assertTrue(text.contains("reset by peer"), text);
        assertEquals("java.lang.IllegalStateException: x", PahoFailure.describe(new IllegalStateException("x")));
    }
}
