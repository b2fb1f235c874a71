package io.coaptree.tree.protocol;

import java.util.Optional;

import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * What a message on a membership or control topic must be before the protocol acts on it: on a tree topic, a
 * decodable tree message of the topic's kind about the topic's node, and a {@link TreeMessage.JoinRefused} only from
 * a gateway it concerns. Anything else is dropped, counted and logged through {@link DroppedMessages}.
 * <p>
 * Only a gateway of the same name can truly say that a name is taken, so a refusal whose seal proves another sender
 * is dropped as {@code forged}: a gateway (or a stolen key) cannot keep another gateway out of the tree. The name
 * holder is the only one a refusal concerns in this protocol: a join request is not asked of a parent but heard by
 * every member, and the only reason to refuse it is a duplicate name.
 */
final class MembershipInbox {

    /**
     * The incarnation of a last will configured as text (an empty payload on the node's {@code lwt} topic, as the
     * MQTT transport's {@code lwt.*} settings can express it): it concerns whatever incarnation is current.
     */
    static final long ANY_INCARNATION = -1;

    private final NodeAddress self;
    private final TreeTopics topics;
    private final TreeMessageCodec codec;
    private final DroppedMessages droppedMessages;

    MembershipInbox(NodeAddress self, TreeTopics topics, TreeMessageCodec codec, DroppedMessages droppedMessages) {
        this.self = self;
        this.topics = topics;
        this.codec = codec;
        this.droppedMessages = droppedMessages;
    }

    /**
     * @param sealedBy the node address the message's seal proved; null on a bus without authentication
     * @return the message, or empty when it was dropped
     */
    Optional<TreeMessage> accept(String topic, byte[] payload, String sealedBy) {
        Optional<TreeTopics.ParsedTopic> parsed = topics.parse(topic);
        if (parsed.isEmpty()) {
            droppedMessages.drop(DropReason.TOPIC_MISMATCH, topic, null, payload.length, "not a tree topic");
            return Optional.empty();
        }
        // A membership topic names the node the message is about, i.e. the sender it claims to be; a ctl topic
        // names the addressee instead, and its sender is not told.
        String claimedSender = parsed.get().kind() == TopicKind.CONTROL ? null : parsed.get().node().text();
        TreeMessage message;
        try {
            message = parsed.get().kind() == TopicKind.LWT && payload.length == 0
                    ? new TreeMessage.LastWill(parsed.get().node(), ANY_INCARNATION)
                    : codec.decode(payload);
        } catch (TreeCodecException e) {
            droppedMessages.drop(e.reason(), topic, claimedSender, payload.length, e.getMessage());
            return Optional.empty();
        }
        if (parsed.get().kind() == TopicKind.CONTROL && isAdoptionCopy(message)) {
            if (!self.path().isRoot()) {
                droppedMessages.drop(DropReason.TOPIC_MISMATCH, topic, sealedBy, payload.length, "a "
                        + message.getClass().getSimpleName() + " of " + message.node().text()
                        + " on the ctl topic of a gateway outside the root");
                return Optional.empty();
            }
            return fromItsNode(message, topic, payload, sealedBy);
        }
        if (!message.node().equals(parsed.get().node()) || message.topicKind() != parsed.get().kind()) {
            droppedMessages.drop(DropReason.TOPIC_MISMATCH, topic, claimedSender, payload.length,
                    "a " + message.getClass().getSimpleName() + " of " + message.node().text());
            return Optional.empty();
        }
        if (message instanceof TreeMessage.JoinRefused && sealedBy != null && !holdsOurName(sealedBy)) {
            droppedMessages.drop(DropReason.FORGED, topic, sealedBy, payload.length, "a JoinRefused of "
                    + message.node().text() + " sealed by " + sealedBy + ", which does not hold the name "
                    + self.name());
            return Optional.empty();
        }
        return Optional.of(message);
    }

    /**
     * A heartbeat or leave that a group hanging under the root sends to the root's gateways' ctl topics (the root does
     * not follow groups by subscription).
     */
    private static boolean isAdoptionCopy(TreeMessage message) {
        return message instanceof TreeMessage.Heartbeat || message instanceof TreeMessage.Leave;
    }

    /** A copy is taken only from the gateway it is about: the ctl topic names the addressee, not the sender. */
    private Optional<TreeMessage> fromItsNode(TreeMessage message, String topic, byte[] payload, String sealedBy) {
        if (sealedBy != null && !sealedBy.equals(message.node().text())) {
            droppedMessages.drop(DropReason.FORGED, topic, sealedBy, payload.length, "a "
                    + message.getClass().getSimpleName() + " of " + message.node().text() + " sealed by " + sealedBy);
            return Optional.empty();
        }
        return Optional.of(message);
    }

    private boolean holdsOurName(String sealedBy) {
        try {
            return NodeAddress.parse(sealedBy).name().equals(self.name());
        } catch (RuntimeException notAnAddress) {
            return false;
        }
    }
}
