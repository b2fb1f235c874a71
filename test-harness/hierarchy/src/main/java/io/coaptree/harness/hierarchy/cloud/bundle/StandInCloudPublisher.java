package io.coaptree.harness.hierarchy.cloud.bundle;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.cloudconnection.listener.CloudConnectionListener;
import org.eclipse.kura.cloudconnection.listener.CloudDeliveryListener;
import org.eclipse.kura.cloudconnection.message.KuraMessage;
import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;

/**
 * A Kura CloudPublisher on an emulated cloud connection, as Kura 5.6's CloudPublisherImpl behaves: {@link #publish}
 * hands the message to the connection's DataService with the publisher's {@code qos} and {@code priority}, and
 * returns the DataService's message id for QoS 1 (null for QoS 0) or throws what it throws (the store full, the
 * payload too large); the connection's listeners and the delivery listeners (told when the cloud confirms a QoS 1
 * message) are called on a worker thread of the publisher, never on the caller's. Runs inside the emulated node; the
 * harness reads what the cloud received through {@link Supplier} (a JDK type the test's class loader shares) and
 * drives the connection through the public methods below, by reflection (see CloudPublisherBundle).
 */
public final class StandInCloudPublisher implements CloudPublisher, Supplier<List<Map<String, Object>>>,
        EmulatedDataService.Events {

    private final int qos;
    private final int priority;
    private final Set<CloudConnectionListener> connectionListeners = new CopyOnWriteArraySet<>();
    private final Set<CloudDeliveryListener> deliveryListeners = new CopyOnWriteArraySet<>();
    private final ExecutorService worker;
    private EmulatedDataService data;

    StandInCloudPublisher(String name, CloudConnectionSettings settings) {
        this.qos = (int) settings.number(CloudConnectionSettings.QOS);
        this.priority = (int) settings.number(CloudConnectionSettings.PRIORITY);
        this.worker = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, name + "-publisher-listeners");
            t.setDaemon(true);
            return t;
        });
    }

    void attach(EmulatedDataService dataService) {
        this.data = dataService;
    }

    @Override
    public String publish(KuraMessage message) throws KuraException {
        if (message == null) {
            throw new IllegalArgumentException();
        }
        byte[] body = message.getPayload().getBody();
        Map<String, Object> content = new HashMap<>();
        content.put("body", body);
        content.put("metrics", new HashMap<>(message.getPayload().metrics()));
        content.put("properties", new HashMap<>(message.getProperties()));
        content.put("timestamp", message.getPayload().getTimestamp() == null ? null
                : message.getPayload().getTimestamp().getTime());
        int id = this.data.publish(content, body == null ? 0 : body.length, this.qos, this.priority);
        return this.qos == 0 ? null : String.valueOf(id);
    }

    // ---- driven by the harness

    /** Connects the cloud connection (Kura's WebUI: Cloud Connections, Connect). */
    public void connect() {
        this.data.connect();
    }

    /** Disconnects it on purpose (Disconnect). */
    public void disconnect() {
        this.data.disconnect(false);
    }

    /** The link to the cloud drops. */
    public void loseConnection() {
        this.data.disconnect(true);
    }

    /** The cloud's broker stops acknowledging QoS 1 messages until {@link #releaseConfirmations()}. */
    public void holdConfirmations() {
        this.data.endpoint().hold();
    }

    public void releaseConfirmations() {
        this.data.endpoint().release();
    }

    /** Counts: connected, stored, unsent, inFlight, sent, confirmed, refused, dropped, received, heldBack. */
    public Map<String, Object> state() {
        return this.data.state();
    }

    /** What the cloud received, oldest first, as maps of body, metrics, properties and timestamp. */
    @Override
    public List<Map<String, Object>> get() {
        return this.data.endpoint().received();
    }

    // ---- the connection's events, passed on as Kura's CloudPublisherImpl does: on its worker

    @Override
    public void connectionEstablished() {
        this.connectionListeners.forEach(l -> this.worker.execute(l::onConnectionEstablished));
    }

    @Override
    public void disconnected() {
        this.connectionListeners.forEach(l -> this.worker.execute(l::onDisconnected));
    }

    @Override
    public void connectionLost() {
        this.connectionListeners.forEach(l -> this.worker.execute(l::onConnectionLost));
    }

    @Override
    public void confirmed(int messageId) {
        String id = String.valueOf(messageId);
        this.deliveryListeners.forEach(l -> this.worker.execute(() -> l.onMessageConfirmed(id)));
    }

    @Override
    public void registerCloudConnectionListener(CloudConnectionListener cloudConnectionListener) {
        this.connectionListeners.add(cloudConnectionListener);
    }

    @Override
    public void unregisterCloudConnectionListener(CloudConnectionListener cloudConnectionListener) {
        this.connectionListeners.remove(cloudConnectionListener);
    }

    @Override
    public void registerCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener) {
        this.deliveryListeners.add(cloudDeliveryListener);
    }

    @Override
    public void unregisterCloudDeliveryListener(CloudDeliveryListener cloudDeliveryListener) {
        this.deliveryListeners.remove(cloudDeliveryListener);
    }

    void close() {
        this.data.close();
        this.worker.shutdownNow();
    }
}
