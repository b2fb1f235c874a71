package io.coaptree.harness.exchange.run;

import java.util.concurrent.TimeUnit;

import org.eclipse.kura.data.DataTransportService;

/** Lets a probe thread wait until the transport is connected; fed by the probe's transport listener. */
public final class ConnectionGate {

    private final Object monitor = new Object();

    public void connectionEstablished() {
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }

    /** @return whether the transport was connected before the timeout */
    public boolean await(DataTransportService transport, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (monitor) {
            while (!transport.isConnected()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                // Timed: an established event may come before this thread waits, and isConnected() is rechecked.
                TimeUnit.NANOSECONDS.timedWait(monitor, Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
            }
            return true;
        }
    }
}
