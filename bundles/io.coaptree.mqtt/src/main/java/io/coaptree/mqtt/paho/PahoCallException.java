package io.coaptree.mqtt.paho;

import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * A call of {@link PahoClient} that failed. Its cause is Paho's own exception, kept as it was so that messages and
 * the exceptions built from this one show what Paho said; the wrapper keeps Paho's types inside this package.
 */
public final class PahoCallException extends Exception {

    private static final long serialVersionUID = 1L;

    private final PahoFailure failure;

    PahoCallException(MqttException cause) {
        super(cause.getMessage(), cause);
        this.failure = PahoFailure.of(cause);
    }

    /** What the failure means for the caller. */
    public PahoFailure failure() {
        return failure;
    }

    /** Paho's exception in one line with its reason code, for logs and messages. */
    public String describe() {
        return PahoFailure.describe(getCause());
    }

    /** What failed underneath: Paho's exception for a failed call, anything else as it is. */
    public static Throwable unwrap(Throwable failure) {
        return failure instanceof PahoCallException call ? call.getCause() : failure;
    }
}
