package io.coaptree.tree.service;

import org.osgi.annotation.versioning.ProviderType;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;

/**
 * A bundle's bus to the other gateways of the tree, opened with {@link TreeService#openBus}: the gateway's MQTT
 * transport, never retained, with the gateway's delivery below the seal (arrivals handled by its workers in class
 * order, publishes sent in class order with the class's QoS, the class hint byte ahead of routed messages), its
 * message authentication (every publish sealed, every arrival opened; what fails is dropped and counted in
 * {@link TreeService#droppedMessages()}) and, above the seal, batching: normal publishes to a busy topic share one
 * seal and one MQTT message, and batches that arrive are unpacked. Subscriptions are made again on every new
 * connection.
 * <p>
 * Every bus of a gateway shares the one transport, which hands each arrival to every bus; each bus handles only its
 * own filters, so two buses must not subscribe to the same filter (one's unsubscribe would end the other's broker
 * subscription). Close the bus when the bundle stops: its subscriptions end.
 */
@ProviderType
public interface TreeBus extends MessageBus, AutoCloseable {

    /**
     * The same bus without batching, for messages that must travel one by one (RD synchronisation: large, and each
     * acknowledged in order). It shares this bus's subscriptions and closes with it.
     */
    MessageBus unbatched();

    /** Runs {@code callback} (on the transport's listener thread) every time a connection to the broker is made. */
    void onConnected(Runnable callback);

    /** Whether the gateway is connected to its broker now. */
    boolean isConnected();

    /**
     * Whether a publish of this class would be queued now. For a producer that can still answer "later", such as a
     * device's POST: the lean transport keeps no message store, so what the outbound queue of its class cannot take
     * is dropped after the producer was told it is taken. Two producers may both see the last place; the loser's
     * publish is dropped and counted as usual.
     */
    boolean hasOutboundRoom(DeliveryClass deliveryClass);

    /** Ends this bus's subscriptions; what it queued for sending is still sent. */
    @Override
    void close();
}
