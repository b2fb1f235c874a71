package io.coaptree.harness.exchange.run;

import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;

import io.coaptree.codec.EnvelopeCodec;

/**
 * What responders and initiators share: the transport, the codec, a publisher that respects the in-flight window
 * and a gate that opens when the transport connects. Registered as the transport's listener. Other events need
 * nothing: the transport restores subscriptions and reconnects by itself, exchanges in flight time out, and the
 * in-flight window (not confirmations) is what {@link PatientPublisher} waits on. The probe stands beside CoAPTree's
 * bundles and uses none of their private packages, so it implements Kura's listener itself.
 */
public abstract class ProbeRole implements DataTransportListener {

    protected final DataTransportService transport;
    protected final ProbeSettings settings;
    protected final EnvelopeCodec codec;
    protected final PatientPublisher publisher;
    protected final ConnectionGate gate = new ConnectionGate();
    protected final String nodeName;

    protected ProbeRole(DataTransportService transport, ProbeSettings settings, EnvelopeCodec codec, String nodeName) {
        this.transport = transport;
        this.settings = settings;
        this.codec = codec;
        this.nodeName = nodeName;
        this.publisher = new PatientPublisher(transport, settings.timeoutMillis());
    }

    /** Called on the transport's listener thread for every message. */
    protected abstract void handle(String topic, byte[] payload);

    @Override
    public final void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
        handle(topic, payload);
    }

    @Override
    public void onConnectionEstablished(boolean newSession) {
        gate.connectionEstablished();
    }

    // The events the probe needs nothing for (see above).
    @Override
    public void onDisconnecting() { }

    @Override
    public void onDisconnected() { }

    @Override
    public void onConfigurationUpdating(boolean wasConnected) { }

    @Override
    public void onConfigurationUpdated(boolean wasConnected) { }

    @Override
    public void onConnectionLost(Throwable cause) { }

    @Override
    public void onMessageConfirmed(DataTransportToken token) { }
}
