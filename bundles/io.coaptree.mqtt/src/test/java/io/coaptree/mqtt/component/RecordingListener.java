package io.coaptree.mqtt.component;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;

/** Records transport events for assertions; waiting methods fail after a deadline instead of hanging. */
class RecordingListener implements DataTransportListener {

    static final long DEADLINE_SECONDS = 15;

    record Arrival(String topic, byte[] payload, int qos, boolean retained, String thread) {
    }

    final BlockingQueue<Arrival> arrivals = new LinkedBlockingQueue<>();
    final BlockingQueue<DataTransportToken> confirmations = new LinkedBlockingQueue<>();
    final BlockingQueue<Boolean> established = new LinkedBlockingQueue<>();
    final BlockingQueue<Throwable> lost = new LinkedBlockingQueue<>();
    final BlockingQueue<String> connectionEvents = new LinkedBlockingQueue<>();
    private final List<String> history = new ArrayList<>();

    @Override
    public void onConnectionEstablished(boolean newSession) {
        record("established");
        established.add(newSession);
    }

    @Override
    public void onDisconnecting() {
        record("disconnecting");
    }

    @Override
    public void onDisconnected() {
        record("disconnected");
    }

    @Override
    public void onConfigurationUpdating(boolean wasConnected) {
        record("updating");
    }

    @Override
    public void onConfigurationUpdated(boolean wasConnected) {
        record("updated");
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        record("lost");
        lost.add(cause == null ? new Throwable("no cause") : cause);
    }

    @Override
    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
        arrivals.add(new Arrival(topic, payload, qos, retained, Thread.currentThread().getName()));
    }

    @Override
    public void onMessageConfirmed(DataTransportToken token) {
        confirmations.add(token);
    }

    private void record(String event) {
        synchronized (history) {
            history.add(event);
        }
        connectionEvents.add(event);
    }

    List<String> history() {
        synchronized (history) {
            return new ArrayList<>(history);
        }
    }

    /** Waits for the next connection event with this name, skipping others. */
    void awaitEvent(String event) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        while (System.nanoTime() < deadline) {
            String next = connectionEvents.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (event.equals(next)) {
                return;
            }
        }
        fail("no '" + event + "' within " + DEADLINE_SECONDS + " s; history " + history());
    }

    static <T> T next(BlockingQueue<T> queue, String what) throws InterruptedException {
        T value = queue.poll(DEADLINE_SECONDS, TimeUnit.SECONDS);
        if (value == null) {
            fail("no " + what + " within " + DEADLINE_SECONDS + " s");
        }
        return value;
    }
}
