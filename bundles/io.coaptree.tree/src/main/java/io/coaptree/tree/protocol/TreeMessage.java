package io.coaptree.tree.protocol;

import java.util.Objects;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;

/**
 * The membership protocol's messages. Each travels on the topic of the node it is about ({@link #node()}) with
 * the kind {@link #topicKind()}; receivers check that the two agree.
 */
public sealed interface TreeMessage {

    /** The node the message is about (and whose topic carries it). */
    NodeAddress node();

    /** The incarnation of that node the message is about. */
    long incarnation();

    TopicKind topicKind();

    /** A node asks to join; members holding the same name while up answer with {@link JoinRefused}. */
    record JoinRequest(NodeAddress node, long incarnation, String coapEndpoint, String broker) implements TreeMessage {
        public JoinRequest {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(coapEndpoint, "coapEndpoint");
            Objects.requireNonNull(broker, "broker");
        }

        @Override
        public TopicKind topicKind() {
            return TopicKind.JOIN;
        }
    }

    /** The join of {@code node} (at {@code incarnation}) is refused, with a reason for the operator. */
    record JoinRefused(NodeAddress node, long incarnation, String reason) implements TreeMessage {
        public JoinRefused {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public TopicKind topicKind() {
            return TopicKind.CONTROL;
        }
    }

    /** The node is alive; its first heartbeat makes it a member everywhere. */
    record Heartbeat(NodeAddress node, long incarnation, String coapEndpoint, String broker) implements TreeMessage {
        public Heartbeat {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(coapEndpoint, "coapEndpoint");
            Objects.requireNonNull(broker, "broker");
        }

        @Override
        public TopicKind topicKind() {
            return TopicKind.HEARTBEAT;
        }
    }

    /** The node leaves on purpose. */
    record Leave(NodeAddress node, long incarnation) implements TreeMessage {
        public Leave {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public TopicKind topicKind() {
            return TopicKind.LEAVE;
        }
    }

    /** Registered as the MQTT last will: the broker publishes it when the node's connection dies. */
    record LastWill(NodeAddress node, long incarnation) implements TreeMessage {
        public LastWill {
            Objects.requireNonNull(node, "node");
        }

        @Override
        public TopicKind topicKind() {
            return TopicKind.LWT;
        }
    }
}
