package io.coaptree.telemetry.uplink;

import java.util.Objects;

import io.coaptree.telemetry.record.TelemetryCodec;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;
import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.topics.TopicKind;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Publishes this gateway's records on its own {@code telemetry} topic, which the root's gateways read. The bus is
 * the gateway's sealed and batching one, so a record is sealed by this gateway, takes its class's queue and QoS,
 * and normal records to a busy topic share one seal and one publish.
 */
public final class TreeUplink implements RecordSink {

    private final MessageBus bus;
    private final TelemetryCodec codec;
    private final String topic;

    public TreeUplink(MessageBus bus, TelemetryCodec codec, TreeTopics topics, NodeAddress self) {
        this.bus = Objects.requireNonNull(bus, "bus");
        this.codec = Objects.requireNonNull(codec, "codec");
        this.topic = topics.topic(self, TopicKind.TELEMETRY);
    }

    @Override
    public boolean deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass) {
        bus.publish(topic, codec.encode(record), deliveryClass);
        return true;
    }
}
