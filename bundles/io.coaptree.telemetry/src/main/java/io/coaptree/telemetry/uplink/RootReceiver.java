package io.coaptree.telemetry.uplink;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.telemetry.record.TelemetryCodecException;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * The root's side of the uplink: reads every gateway's {@code telemetry} topic (through the sealed, batching bus,
 * so a record arrives only if its seal is the gateway's of the topic, fresh and new), decodes each record, and hands
 * it to the root's own destination with the sending gateway. A record that cannot be read is refused, counted by
 * reason and logged at a bounded rate, like every tree message. When the root is replicated, every replica hears the
 * records and only the replica the tree view picks ({@link TreeView#liveReplica}, the same on every gateway) hands
 * them on, so a consumer gets each once.
 */
public final class RootReceiver {

    /** Where the root hands a record it received; not {@link IntakeResult#ACCEPTED} when it cannot take it now. */
    @FunctionalInterface
    public interface Handover {
        IntakeResult offer(String gateway, TelemetryRecord record, DeliveryClass deliveryClass);
    }

    private final TreeTopics topics;
    private final NodeAddress self;
    private final Supplier<TreeView> view;
    private final TelemetryCodec codec;
    private final Handover handover;
    private final DeliveryClass deliveryClass;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong leftToReplica = new AtomicLong();
    private DroppedMessages refusals;
    private MessageBus bus;

    /** @param deliveryClass the class records take on from here (the root's {@code telemetry.delivery.class}) */
    public RootReceiver(TreeTopics topics, NodeAddress self, Supplier<TreeView> view, TelemetryCodec codec,
            Handover handover, DeliveryClass deliveryClass) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.self = Objects.requireNonNull(self, "self");
        this.view = Objects.requireNonNull(view, "view");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.handover = Objects.requireNonNull(handover, "handover");
        this.deliveryClass = Objects.requireNonNull(deliveryClass, "deliveryClass");
    }

    public synchronized void start(MessageBus messageBus, DroppedMessages refusalCounter) {
        this.bus = Objects.requireNonNull(messageBus, "messageBus");
        this.refusals = Objects.requireNonNull(refusalCounter, "refusalCounter");
        bus.subscribe(filter(), new MessageHandler() {
            @Override
            public void onMessage(String topic, byte[] payload) {
                received(topic, payload, null);
            }

            @Override
            public void onMessage(String topic, byte[] payload, String authenticatedSender) {
                received(topic, payload, authenticatedSender);
            }
        });
    }

    /** The filter the root reads: every gateway's telemetry topic. */
    public String filter() {
        return topics.everyNode(TopicKind.TELEMETRY);
    }

    /** Records received and handed on. */
    public long received() {
        return received.get();
    }

    /** Records received and left to the root replica that hands them on. */
    public long leftToReplica() {
        return leftToReplica.get();
    }

    private void received(String topic, byte[] payload, String authenticatedSender) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        String sender = authenticatedSender != null ? authenticatedSender
                : parsed.map(p -> p.node().text()).orElse(null);
        if (parsed.isEmpty()) {
            refusals.drop(DropReason.TOPIC_MISMATCH, topic, sender, payload.length, "not a telemetry topic");
            return;
        }
        TelemetryRecord record;
        try {
            record = codec.decode(payload);
        } catch (TelemetryCodecException e) {
            refusals.drop(reason(e.kind()), topic, sender, payload.length, "telemetry: " + e.getMessage());
            return;
        }
        Optional<TreeMember> forwarder = view.get().liveReplica(self.path());
        if (forwarder.isPresent() && !forwarder.get().address().equals(self)) {
            leftToReplica.incrementAndGet();
            return;
        }
        if (!handover.offer(parsed.get().node().text(), record, deliveryClass).accepted()) {
            refusals.drop(DropReason.OVERLOADED, topic, sender, payload.length,
                    "telemetry: the root's queue of " + deliveryClass.label() + " records is full");
            return;
        }
        received.incrementAndGet();
    }

    private static DropReason reason(TelemetryCodecException.Kind kind) {
        switch (kind) {
            case OVERSIZE:
                return DropReason.OVERSIZE;
            case UNKNOWN_KIND:
                return DropReason.UNKNOWN_KIND;
            default:
                return DropReason.UNDECODABLE;
        }
    }

    public synchronized void stop() {
        if (bus != null) {
            bus.unsubscribe(filter());
            bus = null;
        }
    }
}
