package io.coaptree.tree.protocol;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.BusMessage;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * How the membership protocol's messages go on the bus: each encoded and published on its sender's topic of its
 * kind. A message that cannot be encoded or published is logged and skipped, so one bad message never stops the
 * rest of a tick's messages; the protocol notices what did not arrive by the missing heartbeats.
 */
final class MembershipWire {

    private static final Logger LOG = LoggerFactory.getLogger(MembershipProtocol.class);

    private final TreeTopics topics;
    private final TreeMessageCodec codec;

    MembershipWire(TreeTopics topics, TreeMessageCodec codec) {
        this.topics = topics;
        this.codec = codec;
    }

    void send(MessageBus bus, List<TreeMessage> messages) {
        for (TreeMessage message : messages) {
            try {
                bus.publish(topics.topic(message.node(), message.topicKind()), codec.encode(message));
            } catch (TreeCodecException e) {
                LOG.error("cannot encode {}: {}", message, e.getMessage());
            } catch (RuntimeException e) {
                LOG.warn("cannot publish {}: {}", message, e.toString());
            }
        }
    }

    /** Publishes {@code message} on the {@code ctl} topic of each of {@code addressees} (they do not follow it). */
    void sendTo(MessageBus bus, List<NodeAddress> addressees, TreeMessage message) {
        for (NodeAddress addressee : addressees) {
            try {
                bus.publish(topics.topic(addressee, TopicKind.CONTROL), codec.encode(message));
            } catch (TreeCodecException e) {
                LOG.error("cannot encode {}: {}", message, e.getMessage());
            } catch (RuntimeException e) {
                LOG.warn("cannot publish {} to {}: {}", message, addressee, e.toString());
            }
        }
    }

    /** The MQTT last will of {@code self}: registered with the broker, so it cannot be sent later. */
    BusMessage lastWill(NodeAddress self, long incarnation) {
        try {
            return new BusMessage(topics.topic(self, TopicKind.LWT),
                    codec.encode(new TreeMessage.LastWill(self, incarnation)));
        } catch (TreeCodecException e) {
            // a last will holds only the node's own address, which its options already validated
            throw new IllegalStateException(e);
        }
    }
}
