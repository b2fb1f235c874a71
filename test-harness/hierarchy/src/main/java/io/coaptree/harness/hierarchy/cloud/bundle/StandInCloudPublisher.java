package io.coaptree.harness.hierarchy.cloud.bundle;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.eclipse.kura.cloudconnection.listener.CloudConnectionListener;
import org.eclipse.kura.cloudconnection.listener.CloudDeliveryListener;
import org.eclipse.kura.cloudconnection.message.KuraMessage;
import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;

/**
 * A cloud publisher as a Kura cloud connection would register one, with no cloud behind it: it keeps the newest
 * messages it was given (read through {@link Supplier}, a JDK type the test's class loader shares, as maps of
 * {@code body}, {@code metrics}, {@code properties} and {@code timestamp}) and, if asked, sends each message's body
 * as one UDP datagram to a consumer (the benchmark's, in another process). Runs inside the emulated node.
 */
public final class StandInCloudPublisher implements CloudPublisher, Supplier<List<Map<String, Object>>> {

    private static final int KEPT = 10_000;

    private final ArrayDeque<Map<String, Object>> messages = new ArrayDeque<>();
    private final List<CloudDeliveryListener> deliveryListeners = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();
    private final DatagramSocket socket;
    private final InetSocketAddress forward;

    /** @param forward where each body goes as a datagram, or null */
    public StandInCloudPublisher(InetSocketAddress forward) throws IOException {
        this.forward = forward;
        this.socket = forward == null ? null : new DatagramSocket();
    }

    @Override
    public String publish(KuraMessage message) {
        byte[] body = message.getPayload().getBody();
        if (socket != null && body != null) {
            try {
                socket.send(new DatagramPacket(body, body.length, forward));
            } catch (IOException e) {
                // a datagram lost: the consumer counts it as not delivered
            }
        }
        Map<String, Object> kept = new HashMap<>();
        kept.put("body", body);
        kept.put("metrics", new HashMap<>(message.getPayload().metrics()));
        kept.put("properties", new HashMap<>(message.getProperties()));
        kept.put("timestamp", message.getPayload().getTimestamp() == null ? null
                : message.getPayload().getTimestamp().getTime());
        synchronized (messages) {
            messages.addLast(kept);
            if (messages.size() > KEPT) {
                messages.removeFirst();
            }
        }
        String id = Long.toString(ids.incrementAndGet());
        deliveryListeners.forEach(l -> l.onMessageConfirmed(id));
        return id;
    }

    @Override
    public List<Map<String, Object>> get() {
        synchronized (messages) {
            return new ArrayList<>(messages);
        }
    }

    @Override
    public void registerCloudConnectionListener(CloudConnectionListener cloudConnectionListener) {
        // always "connected": nothing to tell
    }

    @Override
    public void unregisterCloudConnectionListener(CloudConnectionListener cloudConnectionListener) {
    }

    @Override
    public void registerCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener) {
        deliveryListeners.add(cloudDeliveryListener);
    }

    @Override
    public void unregisterCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener) {
        deliveryListeners.remove(cloudDeliveryListener);
    }

    void close() {
        if (socket != null) {
            socket.close();
        }
    }
}
