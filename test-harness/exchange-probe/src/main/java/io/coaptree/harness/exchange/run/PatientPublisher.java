package io.coaptree.harness.exchange.run;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.data.DataTransportService;

/**
 * Publishes through a transport that refuses instead of queueing: when the in-flight window is full
 * ({@link KuraTooManyInflightMessagesException}) it backs off (0.1 ms, doubling up to 4 ms) and retries until a
 * deadline, which is what a caller of the lean transport is expected to do. Any other failure is thrown at once.
 */
public final class PatientPublisher {

    // A broker acknowledges within a millisecond or so on a LAN: longer waits would only idle the window.
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long LONGEST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(4);

    private final DataTransportService transport;
    private final long patienceNanos;
    private final AtomicLong backoffs = new AtomicLong();

    public PatientPublisher(DataTransportService transport, long patienceMillis) {
        this.transport = transport;
        this.patienceNanos = TimeUnit.MILLISECONDS.toNanos(patienceMillis);
    }

    /**
     * @throws KuraTooManyInflightMessagesException when the window stayed full for the whole patience
     * @throws KuraException any other refusal of the transport (not connected, ...)
     */
    public void publish(String topic, byte[] payload, int qos) throws KuraException, InterruptedException {
        long deadline = System.nanoTime() + patienceNanos;
        long backoff = FIRST_BACKOFF_NANOS;
        while (true) {
            try {
                transport.publish(topic, payload, qos, false);
                return;
            } catch (KuraTooManyInflightMessagesException full) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw full;
                }
                backoffs.incrementAndGet();
                // The window frees as the broker acknowledges; nothing signals it, so wait a little and retry.
                LockSupport.parkNanos(Math.min(backoff, left));
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while the in-flight window was full");
                }
                backoff = Math.min(backoff * 2, LONGEST_BACKOFF_NANOS);
            }
        }
    }

    /** How often a publish found the window full and waited. */
    public long backoffs() {
        return backoffs.get();
    }
}
