package io.coaptree.bench.seeds.coaptree;

import org.eclipse.kura.data.DataTransportToken;

/**
 * How a gateway hands a message to MQTT in the first evaluation's ablation: straight to the transport (CoAPTree's lean
 * transport) or through a message store first (Kura's DataService).
 */
interface Uplink extends AutoCloseable {

    /** Accepts one QoS 1 message; may block while the transport's in-flight window is full. */
    void send(String topic, byte[] payload) throws Exception;

    /** The broker acknowledged a message this uplink published. */
    void confirmed(DataTransportToken token);

    @Override
    void close();
}
