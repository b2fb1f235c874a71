package io.coaptree.mqtt.connection;

import io.coaptree.mqtt.paho.PahoCallException;

/**
 * A call of {@link BrokerConnection} that failed: its {@link Kind} says which of Kura's exceptions the component
 * answers with, the message and cause are the ones that exception carries.
 */
public final class ConnectionException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What failed, one kind per exception of Kura's {@code DataTransportService} contract. */
    public enum Kind {
        /** The configuration is invalid: the transport does not connect until it is fixed. */
        NOT_CONFIGURED,
        /** A connection attempt failed; the message says what to check. */
        CONNECT_FAILED,
        /** Not connected to the broker. */
        NOT_CONNECTED,
        /** The in-flight window (ours or Paho's) is full: retry later. */
        IN_FLIGHT_FULL,
        /** The broker did not answer in time. */
        TIMEOUT,
        /** The broker refused a subscription. */
        SUBSCRIPTION_REFUSED,
        /** Anything else. */
        FAILED
    }

    private final Kind kind;

    ConnectionException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    ConnectionException(Kind kind, String message) {
        this(kind, message, null);
    }

    /** A failed Paho call while trying to {@code action} ("publish on a/b"); the cause is Paho's exception. */
    static ConnectionException of(PahoCallException e, String action) {
        Throwable paho = e.getCause();
        switch (e.failure()) {
        case IN_FLIGHT_FULL:
            return new ConnectionException(Kind.IN_FLIGHT_FULL, "Paho's in-flight window is full; retry later", paho);
        case NOT_CONNECTED:
            return new ConnectionException(Kind.NOT_CONNECTED, "Not connected: cannot " + action, paho);
        case TIMEOUT:
            return new ConnectionException(Kind.TIMEOUT, "Timeout: cannot " + action, paho);
        default:
            return new ConnectionException(Kind.FAILED, "Cannot " + action + ": " + e.describe(), paho);
        }
    }

    public Kind kind() {
        return kind;
    }
}
