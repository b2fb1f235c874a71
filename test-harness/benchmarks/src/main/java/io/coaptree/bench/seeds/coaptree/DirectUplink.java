package io.coaptree.bench.seeds.coaptree;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;

/**
 * CoAPTree's way: publish on the lean transport at once. A full in-flight window makes the publish wait for a slot
 * (up to {@code in-flight-messages.wait-ms}); should it still be refused ({@code KuraTooManyInflightMessagesException})
 * the caller backs off briefly and retries, as the exchange probe does, so the window is backpressure and nothing is
 * lost.
 */
final class DirectUplink implements Uplink {

    private static final long BACKOFF_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final DataTransportService transport;

    DirectUplink(DataTransportService transport) {
        this.transport = transport;
    }

    @Override
    public void send(String topic, byte[] payload) throws Exception {
        while (true) {
            try {
                transport.publish(topic, payload, 1, false);
                return;
            } catch (KuraTooManyInflightMessagesException full) {
                LockSupport.parkNanos(BACKOFF_NANOS);
            }
        }
    }

    @Override
    public void confirmed(DataTransportToken token) {
        // the transport frees its own window slot
    }

    @Override
    public void close() {
        // the transport belongs to the node
    }
}
