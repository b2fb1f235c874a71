package io.coaptree.harness.hierarchy.cloud.bundle;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The cloud at the far end of an emulated Kura cloud connection: its broker takes the messages the connection sends
 * and acknowledges those sent at QoS 1, later and on its own thread ({@code confirmDelayMillis}, or not until
 * {@link #release()} while {@link #hold()} is on), and what it took is kept for the harness to read (the newest
 * {@value #KEPT}) and, if asked, sent on as one UDP datagram per body (the benchmark's consumer, in another process).
 * An acknowledgement not yet sent when the connection closes is lost with it, as a PUBACK is.
 */
final class CloudEndpoint implements AutoCloseable {

    /** Where acknowledgements go, with the session of the connection that carried the message. */
    @FunctionalInterface
    interface Acknowledgements {
        void acknowledged(int messageId, long session);
    }

    static final int KEPT = 10_000;

    private final Acknowledgements acknowledgements;
    private final long confirmDelayMillis;
    private final DatagramSocket socket;
    private final InetSocketAddress forward;
    private final ScheduledExecutorService broker;

    // Guarded by this.
    private final ArrayDeque<Map<String, Object>> received = new ArrayDeque<>();
    private long receivedCount;
    private boolean holding;
    private final List<long[]> held = new ArrayList<>();

    /** @param forward where each body goes as a datagram, or null */
    CloudEndpoint(String name, long confirmDelayMillis, InetSocketAddress forward, Acknowledgements acknowledgements)
            throws IOException {
        this.acknowledgements = acknowledgements;
        this.confirmDelayMillis = confirmDelayMillis;
        this.forward = forward;
        this.socket = forward == null ? null : new DatagramSocket();
        this.broker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name + "-cloud-broker");
            t.setDaemon(true);
            return t;
        });
    }

    /** A message the connection sent in {@code session}. */
    synchronized void receive(StoredMessage message, long session) {
        Map<String, Object> content = message.content();
        byte[] body = (byte[]) content.get("body");
        if (this.socket != null && body != null) {
            try {
                this.socket.send(new DatagramPacket(body, body.length, this.forward));
            } catch (IOException e) {
                // a datagram lost: the consumer counts the record as not delivered
            }
        }
        this.received.addLast(content);
        this.receivedCount++;
        if (this.received.size() > KEPT) {
            this.received.removeFirst();
        }
        if (message.qos() > 0) {
            acknowledge(new long[] { message.id(), session });
        }
    }

    private void acknowledge(long[] idAndSession) {
        if (this.holding) {
            this.held.add(idAndSession);
            return;
        }
        this.broker.schedule(() -> this.acknowledgements.acknowledged((int) idAndSession[0], idAndSession[1]),
                this.confirmDelayMillis, TimeUnit.MILLISECONDS);
    }

    /** The connection closed: acknowledgements not yet sent never will be. */
    synchronized void connectionClosed() {
        this.held.clear();
    }

    /** From now on, acknowledgements wait for {@link #release()}. */
    synchronized void hold() {
        this.holding = true;
    }

    /** Sends the acknowledgements held back, and acknowledges as usual again. */
    synchronized void release() {
        this.holding = false;
        this.held.forEach(this::acknowledge);
        this.held.clear();
    }

    synchronized int heldBack() {
        return this.held.size();
    }

    /** What the cloud took, oldest first. */
    synchronized List<Map<String, Object>> received() {
        return new ArrayList<>(this.received);
    }

    synchronized long receivedCount() {
        return this.receivedCount;
    }

    @Override
    public void close() {
        this.broker.shutdownNow();
        if (this.socket != null) {
            this.socket.close();
        }
    }
}
