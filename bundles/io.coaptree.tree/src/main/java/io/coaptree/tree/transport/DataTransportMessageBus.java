package io.coaptree.tree.transport;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.bus.TopicFilter;
import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.delivery.TopicLanes;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * The lowest layer of a gateway's bus ({@link GatewayBuses} puts the seal and the batching above it): a
 * {@link MessageBus} over a Kura {@link DataTransportService}, never retained. Arrivals come through the
 * transport's {@link DataTransportListener} callbacks, which the lean transport runs on its one dispatcher thread;
 * nothing is handled on that thread: each arrival is queued in the gateway's {@link GatewayDelivery} by its class
 * (its topic's {@link TopicLanes lane}; on routed topics the hint byte ahead of the message) and handled by the
 * delivery's workers, in order per topic where the lane says so; a full queue drops the arrival as
 * {@code overloaded}. Publishes wait in the delivery's outbound queues and go out with their class's QoS, on routed
 * topics with the hint byte ahead.
 * <p> Subscriptions are remembered and made again whenever a
 * connection is established (a subscription asked for while disconnected is made then; a broker that lost the
 * session gets them back). Several buses may share one transport: each dispatches only its own filters. Other
 * events need nothing: publishes are not queued here, the transport reconnects by itself (and after a configuration
 * update), and QoS 1 confirmations are the transport's in-flight window's business.
 */
final class DataTransportMessageBus extends DataTransportListenerAdapter implements MessageBus, AutoCloseable {

    /** The QoS of the subscriptions. */
    private static final int SUBSCRIPTION_QOS = 1;

    private static final Logger LOG = LoggerFactory.getLogger(DataTransportMessageBus.class);

    private static final long RESUBSCRIBE_DELAY_MILLIS = 1000;

    private final DataTransportService transport;
    private final ScheduledExecutorService retries;
    private final GatewayDelivery delivery;
    private final TopicLanes lanes;
    private final DroppedMessages droppedMessages;
    /** The QoS of every publish of this bus, or -1 for its class's ({@code delivery.qos.<class>}). */
    private final int qos;
    private final Map<String, MessageHandler> subscriptions = new ConcurrentHashMap<>();
    private final List<Runnable> connectedCallbacks = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /**
     * @param retries where a failed subscription is tried again (the gateway's tree scheduler)
     * @param droppedMessages where arrivals with a bad hint or for a full queue are reported
     * @param qos the QoS of every publish, 0, 1 or 2; -1 for each class's ({@code delivery.qos.<class>})
     */
    DataTransportMessageBus(DataTransportService transport, ScheduledExecutorService retries,
            GatewayDelivery delivery, TopicLanes lanes, DroppedMessages droppedMessages, int qos) {
        if (qos < -1 || qos > 2) {
            throw new IllegalArgumentException("qos: " + qos + " is not 0, 1 or 2");
        }
        this.qos = qos;
        this.transport = Objects.requireNonNull(transport, "transport");
        this.retries = Objects.requireNonNull(retries, "retries");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.lanes = Objects.requireNonNull(lanes, "lanes");
        this.droppedMessages = Objects.requireNonNull(droppedMessages, "droppedMessages");
        transport.addDataTransportListener(this);
    }

    /** Runs {@code callback} (on the transport's listener thread) every time a connection is established. */
    public void onConnected(Runnable callback) {
        connectedCallbacks.add(Objects.requireNonNull(callback, "callback"));
    }

    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public void publish(String topic, byte[] payload) {
        TopicLanes.Lane lane = lanes.lane(topic);
        publish(topic, payload, lane.hinted() ? DeliveryClass.NORMAL : lane.fixedClass());
    }

    /**
     * Queues the publish in its class (the class of a membership or rd topic is its lane's, whatever is asked);
     * a full queue drops it, counted and logged by the delivery.
     */
    @Override
    public void publish(String topic, byte[] payload, DeliveryClass deliveryClass) {
        TopicLanes.Lane lane = lanes.lane(topic);
        DeliveryClass c = lane.hinted() ? deliveryClass : lane.fixedClass();
        byte[] wire = lane.hinted() ? hinted(c, payload) : payload;
        int q = qos >= 0 ? qos : delivery.options().qos(c);
        delivery.outbound(c, () -> {
            try {
                transportPublish(topic, wire, q);
            } catch (IllegalStateException e) {
                LOG.warn("{}", e.getMessage());
            }
        });
    }

    private static byte[] hinted(DeliveryClass deliveryClass, byte[] payload) {
        byte[] wire = new byte[payload.length + 1];
        wire[0] = (byte) deliveryClass.code();
        System.arraycopy(payload, 0, wire, 1, payload.length);
        return wire;
    }

    private void transportPublish(String topic, byte[] payload, int qos) {
        try {
            transport.publish(topic, payload, qos, false);
        } catch (KuraException e) {
            throw new IllegalStateException("cannot publish to " + topic + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void subscribe(String topicFilter, MessageHandler handler) {
        subscriptions.put(topicFilter, Objects.requireNonNull(handler, "handler"));
        trySubscribe(topicFilter);
    }

    /** Subscribes now if connected; a failure while connected is retried (a lost one would silence the node). */
    private void trySubscribe(String topicFilter) {
        if (closed || !subscriptions.containsKey(topicFilter) || !transport.isConnected()) {
            return; // made in onConnectionEstablished
        }
        try {
            transport.subscribe(topicFilter, SUBSCRIPTION_QOS);
        } catch (KuraException | RuntimeException e) {
            LOG.warn("subscribing to {} failed ({}); retrying in {} ms", topicFilter, e.getMessage(),
                    RESUBSCRIBE_DELAY_MILLIS);
            retries.schedule(() -> trySubscribe(topicFilter), RESUBSCRIBE_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void unsubscribe(String topicFilter) {
        if (subscriptions.remove(topicFilter) != null && transport.isConnected()) {
            try {
                transport.unsubscribe(topicFilter);
            } catch (KuraException e) {
                LOG.debug("unsubscribing from {} failed: {}", topicFilter, e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        transport.removeDataTransportListener(this);
        for (String filter : List.copyOf(subscriptions.keySet())) {
            unsubscribe(filter);
        }
    }

    @Override
    public void onConnectionEstablished(boolean newSession) {
        if (closed) {
            return;
        }
        for (String filter : List.copyOf(subscriptions.keySet())) {
            trySubscribe(filter);
        }
        for (Runnable callback : connectedCallbacks) {
            try {
                callback.run();
            } catch (RuntimeException e) {
                LOG.warn("a connection callback failed", e);
            }
        }
    }

    @Override
    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
        if (closed) {
            return;
        }
        if (subscriptions.keySet().stream().noneMatch(filter -> TopicFilter.matches(filter, topic))) {
            return; // another bus's topic
        }
        TopicLanes.Lane lane = lanes.lane(topic);
        DeliveryClass c = lane.fixedClass();
        byte[] message = payload;
        if (lane.hinted()) {
            c = payload.length == 0 ? null : DeliveryClass.fromCode(payload[0] & 0xFF)
                    .filter(hint -> hint != DeliveryClass.CONTROL).orElse(null);
            if (c == null) {
                droppedMessages.drop(DropReason.UNDECODABLE, topic, null, payload.length,
                        "no delivery class ahead of the message");
                return;
            }
            message = Arrays.copyOfRange(payload, 1, payload.length);
        }
        byte[] m = message;
        if (!delivery.inbound(c, lane.ordered() ? topic : null, () -> dispatch(topic, m))) {
            droppedMessages.drop(DropReason.OVERLOADED, topic, null, payload.length,
                    "the " + c.label() + " queue is full");
        }
    }

    private void dispatch(String topic, byte[] payload) {
        if (closed) {
            return;
        }
        for (Map.Entry<String, MessageHandler> subscription : subscriptions.entrySet()) {
            if (TopicFilter.matches(subscription.getKey(), topic)) {
                try {
                    subscription.getValue().onMessage(topic, payload);
                } catch (Throwable e) {
                    // Whatever a message makes its handler throw, an OutOfMemoryError or a StackOverflowError
                    // included, costs that message only: counted, logged at a bounded rate, and this worker serves
                    // on. What the handler allocated is garbage once the stack has unwound.
                    droppedMessages.drop(DropReason.FAILED, topic, null, payload.length,
                            "the handler of " + subscription.getKey() + " threw " + e);
                }
            }
        }
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        LOG.debug("MQTT connection lost: {}", String.valueOf(cause));
    }
}
