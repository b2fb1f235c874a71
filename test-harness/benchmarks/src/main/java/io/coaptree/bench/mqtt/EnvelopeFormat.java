package io.coaptree.bench.mqtt;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;

/**
 * How a CoAP envelope becomes MQTT payload bytes: CoAPTree's Kryo codec, or Java serialization of a class with the
 * same fields, which is what CoAPTree's first version sent and what the ablation compares against.
 */
public enum EnvelopeFormat {

    KRYO("Kryo") {
        // pooled Kryo instances inside: one codec serves every thread
        private final EnvelopeCodec codec = new EnvelopeCodec();

        @Override
        public byte[] encode(CoapEnvelope envelope) {
            try {
                return codec.encode(envelope);
            } catch (EnvelopeCodecException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public CoapEnvelope decode(byte[] bytes) {
            try {
                return codec.decode(bytes);
            } catch (EnvelopeCodecException e) {
                throw new IllegalStateException(e);
            }
        }
    },

    JAVA_SERIALIZATION("Java serialization") {
        @Override
        public byte[] encode(CoapEnvelope envelope) {
            return SerializableEnvelope.encode(envelope);
        }

        @Override
        public CoapEnvelope decode(byte[] bytes) {
            return SerializableEnvelope.decode(bytes);
        }
    };

    private final String label;

    EnvelopeFormat(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public abstract byte[] encode(CoapEnvelope envelope);

    public abstract CoapEnvelope decode(byte[] bytes);
}
