package io.coaptree.tree.transport;

import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.kura.data.DataTransportService;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.delivery.GatewayDelivery;
import io.coaptree.tree.delivery.TopicLanes;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The one place a gateway's buses to the tree are put together, for the membership protocol and for every bundle
 * that opens one through the tree service. From the bottom up:
 * <ol>
 * <li>the class queues: a {@link DataTransportMessageBus} over the gateway's MQTT transport, its arrivals and
 * publishes in the gateway's {@link GatewayDelivery};</li>
 * <li>the seal: the gateway's {@link TreeSecurity} seals every publish and opens every arrival, with its one boot,
 * sequence counter and replay windows;</li>
 * <li>batching: normal publishes to a busy topic are packed under one seal ({@link GatewayDelivery#batching}), and
 * batches that arrive are unpacked.</li>
 * </ol>
 * One per configuration of the tree handler; every message dropped on the way is counted in its
 * {@link DroppedMessages}.
 */
public final class GatewayBuses {

    private final DataTransportService transport;
    private final ScheduledExecutorService retries;
    private final GatewayDelivery delivery;
    private final TopicLanes lanes;
    private final DroppedMessages droppedMessages;
    private final TreeSecurity security;

    /** @param retries where a failed subscription is tried again (the gateway's tree scheduler) */
    public GatewayBuses(DataTransportService transport, ScheduledExecutorService retries, GatewayDelivery delivery,
            TreeTopics topics, DroppedMessages droppedMessages, TreeSecurity security) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.retries = Objects.requireNonNull(retries, "retries");
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.lanes = new TopicLanes(topics);
        this.droppedMessages = Objects.requireNonNull(droppedMessages, "droppedMessages");
        this.security = Objects.requireNonNull(security, "security");
    }

    /**
     * A bus for a bundle's topics. A batch may be larger than any one message, up to {@code delivery.batch.max.bytes},
     * so the seal accepts the larger of the two.
     *
     * @param maxMessageBytes the largest message, before sealing
     * @param qos the QoS of every publish, 0, 1 or 2; -1 for each class's
     */
    public TreeBus open(int maxMessageBytes, int qos) {
        return new Bus(Math.max(maxMessageBytes, delivery.options().batchMaxBytes()), maxMessageBytes, qos);
    }

    /**
     * The membership protocol's bus: its messages are control messages, never batched, so the protocol uses its
     * {@link TreeBus#unbatched()} side and the seal accepts no more than one message.
     */
    public TreeBus openForMembership(int maxMessageBytes) {
        return new Bus(maxMessageBytes, maxMessageBytes, -1);
    }

    /** The three layers of one bus; publishes and subscriptions go in at the top. */
    private final class Bus implements TreeBus {

        private final DataTransportMessageBus queued;
        private final MessageBus sealed;
        private final MessageBus batched;

        Bus(int maxSealedMessageBytes, int maxRecordBytes, int qos) {
            queued = new DataTransportMessageBus(transport, retries, delivery, lanes, droppedMessages, qos);
            sealed = security.protect(queued, maxSealedMessageBytes);
            batched = delivery.batching(sealed, droppedMessages, maxRecordBytes);
        }

        @Override
        public void publish(String topic, byte[] payload) {
            batched.publish(topic, payload);
        }

        @Override
        public void publish(String topic, byte[] payload, DeliveryClass deliveryClass) {
            batched.publish(topic, payload, deliveryClass);
        }

        @Override
        public void subscribe(String topicFilter, MessageHandler handler) {
            batched.subscribe(topicFilter, handler);
        }

        @Override
        public void unsubscribe(String topicFilter) {
            batched.unsubscribe(topicFilter);
        }

        @Override
        public MessageBus unbatched() {
            return sealed;
        }

        @Override
        public void onConnected(Runnable callback) {
            queued.onConnected(callback);
        }

        @Override
        public boolean isConnected() {
            return queued.isConnected();
        }

        @Override
        public boolean hasOutboundRoom(DeliveryClass deliveryClass) {
            return delivery.hasOutboundRoom(deliveryClass);
        }

        @Override
        public void close() {
            queued.close();
        }
    }
}
