package io.coaptree.tree.security;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * A {@link MessageBus} that seals what it publishes and opens what it receives: a message reaches a handler only
 * if its seal holds, it is fresh and its sequence number is new for its sender's boot; anything else is counted
 * and logged through {@link DroppedMessages} and dropped. Handlers get the proven sender
 * ({@link MessageHandler#onMessage(String, byte[], String)}).
 * <p>
 * Where the topic names the sender (join, heartbeat, leave, telemetry), the seal must be that node's. A last will
 * ({@code lwt}) cannot be sealed, since the broker publishes it long after it was written: it passes unopened
 * when empty (the tree takes an empty will as "this node is down" and nothing more; the broker's access list says
 * who may publish it), and is refused otherwise.
 */
public final class SecuredMessageBus implements MessageBus {

    private final MessageBus raw;
    private final MessageSeal seal;
    private final ReplayWindows windows;
    private final DroppedMessages droppedMessages;
    private final TreeTopics topics;
    private final Clock clock;
    private final int maxSealedBytes;

    /**
     * The delivery being handled on this thread: one arrival matching several filters is handed to each of them on
     * the same thread, and is opened once, not taken for a replay. Per thread, as the gateway's delivery workers
     * open arrivals in parallel.
     */
    private final ThreadLocal<LastArrival> lastArrival = new ThreadLocal<>();

    private record LastArrival(byte[] bytes, MessageSeal.Opened opened) {
    }

    /**
     * @param maxSealedBytes larger messages are refused before they are decoded
     */
    public SecuredMessageBus(MessageBus raw, MessageSeal seal, ReplayWindows windows, DroppedMessages droppedMessages,
            TreeTopics topics, Clock clock, int maxSealedBytes) {
        this.raw = Objects.requireNonNull(raw, "raw");
        this.seal = Objects.requireNonNull(seal, "seal");
        this.windows = Objects.requireNonNull(windows, "windows");
        this.droppedMessages = Objects.requireNonNull(droppedMessages, "droppedMessages");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxSealedBytes = maxSealedBytes;
    }

    @Override
    public void publish(String topic, byte[] payload) {
        raw.publish(topic, seal(topic, payload));
    }

    @Override
    public void publish(String topic, byte[] payload, DeliveryClass deliveryClass) {
        raw.publish(topic, seal(topic, payload), deliveryClass);
    }

    /**
     * What every follower of a gateway reads (its join, heartbeat, leave) names its certificate by thumbprint while
     * they have it; what goes on a topic that names one addressee is sealed for it alone, with a link MAC where one
     * holds: a MAC under the key of one pair proves nothing to a third gateway. Anything else (telemetry, which the
     * root's gateways read without following the sender) carries the whole certificate.
     */
    private byte[] seal(String topic, byte[] payload) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        TopicKind kind = parsed.map(TreeTopics.ParsedTopic::kind).orElse(null);
        if (kind != null && isMembership(kind)) {
            return seal.sealForFollowers(topic, payload);
        }
        boolean everyone = kind == null || namesItsSender(kind) || kind == TopicKind.LWT;
        return seal.seal(topic, payload, everyone ? null : parsed.get().node().text());
    }

    @Override
    public void subscribe(String topicFilter, MessageHandler handler) {
        Objects.requireNonNull(handler, "handler");
        raw.subscribe(topicFilter, (topic, bytes) -> deliver(topic, bytes, handler));
    }

    @Override
    public void unsubscribe(String topicFilter) {
        raw.unsubscribe(topicFilter);
    }

    private void deliver(String topic, byte[] bytes, MessageHandler handler) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        if (parsed.isPresent() && parsed.get().kind() == TopicKind.LWT) {
            if (bytes.length == 0) {
                handler.onMessage(topic, bytes);
            } else {
                droppedMessages.drop(DropReason.UNSIGNED, topic, parsed.get().node().text(), bytes.length,
                        "a last will must be empty");
            }
            return;
        }
        MessageSeal.Opened opened = open(topic, bytes, parsed);
        if (opened != null) {
            handler.onMessage(topic, opened.payload(), opened.sender());
        }
    }

    private MessageSeal.Opened open(String topic, byte[] bytes, Optional<TreeTopics.ParsedTopic> parsed) {
        LastArrival last = lastArrival.get();
        if (last != null && last.bytes() == bytes) {
            return last.opened();
        }
        String topicNode = parsed.map(p -> p.node().text()).orElse(null);
        if (bytes.length > maxSealedBytes) {
            droppedMessages.drop(DropReason.OVERSIZE, topic, topicNode, bytes.length,
                    "sealed messages are at most " + maxSealedBytes + " bytes");
            return remember(bytes, null);
        }
        if (parsed.isPresent() && isMembership(parsed.get().kind()) && seal.self().equals(topicNode)
                && seal.sealedHere(bytes)) {
            // Our own join, heartbeat or leave, handed back by the broker (we follow our own path, for replicas): it
            // tells us nothing, and checking its signature cost a group a third of its idle checks. Anything else
            // on our topics (a gateway started twice under our name, a forgery) is opened as any message.
            return remember(bytes, null);
        }
        MessageSeal.Opened opened;
        try {
            opened = seal.open(topic, bytes);
        } catch (SealRefusedException e) {
            droppedMessages.drop(e.reason(), topic, e.claimedSender() != null ? e.claimedSender() : topicNode,
                    bytes.length, e.getMessage());
            return remember(bytes, null);
        }
        if (parsed.isPresent() && namesItsSender(parsed.get().kind()) && !opened.sender().equals(topicNode)) {
            droppedMessages.drop(DropReason.FORGED, topic, opened.sender(), bytes.length,
                    "sealed by " + opened.sender() + " on another node's topic");
            return remember(bytes, null);
        }
        ReplayWindows.Verdict verdict = windows.accept(opened.sender(), opened.boot(), opened.seq(), clock.millis());
        if (verdict != ReplayWindows.Verdict.ACCEPTED) {
            droppedMessages.drop(DropReason.REPLAYED, topic, opened.sender(), bytes.length, replayDetail(verdict,
                    opened));
            return remember(bytes, null);
        }
        return remember(bytes, opened);
    }

    private MessageSeal.Opened remember(byte[] bytes, MessageSeal.Opened opened) {
        lastArrival.set(new LastArrival(bytes, opened));
        return opened;
    }

    private static boolean isMembership(TopicKind kind) {
        return kind == TopicKind.JOIN || kind == TopicKind.HEARTBEAT || kind == TopicKind.LEAVE;
    }

    private static boolean namesItsSender(TopicKind kind) {
        return isMembership(kind) || kind == TopicKind.TELEMETRY;
    }

    private static String replayDetail(ReplayWindows.Verdict verdict, MessageSeal.Opened opened) {
        switch (verdict) {
            case EARLIER_BOOT:
                return "boot " + opened.boot() + " is older than the sender's current one";
            case TOO_OLD:
                return "sequence " + opened.seq() + " is below the replay window";
            default:
                return "sequence " + opened.seq() + " of boot " + opened.boot() + " was seen before";
        }
    }
}
