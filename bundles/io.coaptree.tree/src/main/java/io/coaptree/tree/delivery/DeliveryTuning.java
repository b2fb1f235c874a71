package io.coaptree.tree.delivery;

import java.util.Map;

import io.coaptree.tree.bus.DeliveryClass;

/**
 * What a {@link GatewayDelivery} and its {@link BatchAssembler} are sized and tuned by: the tree handler's
 * {@code delivery.*} settings, which {@code io.coaptree.tree.options.DeliveryOptions} reads and implements this with.
 * Declared here so that this exported package names none of the bundle's private types.
 */
public interface DeliveryTuning {

    /** Threads that open and handle arrivals. */
    int workers();

    /** The queue capacity of each class, each way. */
    Map<DeliveryClass, Integer> capacities();

    /** While normal messages wait, at least one take in this many is normal. */
    int normalEvery();

    /** The MQTT QoS of a class's publishes. */
    int qos(DeliveryClass deliveryClass);

    /** Whether normal messages to a busy next hop are batched. */
    boolean batchEnabled();

    int batchMaxBytes();

    int batchMaxRecords();

    long batchMaxWaitMillis();

    /** Batching to a hop switches on at this many messages per second. */
    int batchOnRate();

    /** And off below this many. */
    int batchOffRate();

    /** The window the rate to each next hop is counted in. */
    long batchRateWindowMillis();
}
