package io.coaptree.mqtt.paho;

import org.eclipse.paho.client.mqttv3.MqttException;

/** What a failed Paho call means for the caller, so the transport can answer with Kura's exception for it. */
public enum PahoFailure {
    /** Paho's own in-flight window is full: retry later. */
    IN_FLIGHT_FULL,
    /** The client is not connected (any more). */
    NOT_CONNECTED,
    /** The broker did not answer in time. */
    TIMEOUT,
    /** Anything else. */
    OTHER;

    public static PahoFailure of(MqttException e) {
        switch (e.getReasonCode()) {
        case MqttException.REASON_CODE_MAX_INFLIGHT:
            return IN_FLIGHT_FULL;
        case MqttException.REASON_CODE_CLIENT_NOT_CONNECTED:
        case MqttException.REASON_CODE_CONNECTION_LOST:
        case MqttException.REASON_CODE_CLIENT_DISCONNECTING:
        case MqttException.REASON_CODE_CLIENT_CLOSED:
            return NOT_CONNECTED;
        case MqttException.REASON_CODE_CLIENT_TIMEOUT:
            return TIMEOUT;
        default:
            return OTHER;
        }
    }

    /** A one-line description of a failure with Paho's reason code, for logs and exception messages. */
    public static String describe(Throwable e) {
        if (e instanceof MqttException m) {
            String detail = m.getCause() != null ? " (" + m.getCause() + ")" : "";
            return m.getMessage() + " [reason " + m.getReasonCode() + "]" + detail;
        }
        return String.valueOf(e);
    }
}
