package io.coaptree.harness.exchange.run;

import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;

import io.coaptree.codec.EnvelopeCodec;

/**
 * What responders and initiators share: the transport, the codec, a publisher that respects the in-flight window
 * and a gate that opens when the transport connects. Registered as the transport's listener.
 */
public abstract class ProbeRole implements DataTransportListener {

    /** CoAP 2.05 Content as a one-byte code. */
    static final int CONTENT = 69;
    /** CoAP POST. */
    static final int POST = 2;
    /** application/octet-stream. */
    static final int OCTET_STREAM = 42;

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

    @Override
    public void onDisconnecting() {
        // nothing to release: the transport restores subscriptions itself
    }

    @Override
    public void onDisconnected() {
        // as above
    }

    @Override
    public void onConfigurationUpdating(boolean wasConnected) {
        // as above
    }

    @Override
    public void onConfigurationUpdated(boolean wasConnected) {
        // as above
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        // exchanges in flight time out; the transport reconnects
    }

    @Override
    public void onMessageConfirmed(DataTransportToken token) {
        // the in-flight window is what matters, and PatientPublisher watches it
    }
}
