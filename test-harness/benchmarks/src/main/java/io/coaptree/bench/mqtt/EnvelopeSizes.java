package io.coaptree.bench.mqtt;

import io.coaptree.bench.scenario.MachineInfo;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;

/** Bytes per message of the Kryo codec and of Java serialization, for the envelopes of the codec benchmark. */
public final class EnvelopeSizes {

    private EnvelopeSizes() {
    }

    public static void main(String[] args) throws Exception {
        // Sizes do not depend on the machine, but every figure in docs/performance.md names the one it came from.
        System.out.println("machine: " + MachineInfo.detect().describe());
        EnvelopeCodec codec = new EnvelopeCodec();
        System.out.println("| envelope | payload bytes | Kryo bytes | Java serialization bytes | Java / Kryo |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (String shape : new String[] { "request", "response", "lookup" }) {
            CoapEnvelope envelope = SampleEnvelopes.byName(shape);
            int kryo = codec.encode(envelope).length;
            int java = SerializableEnvelope.encode(envelope).length;
            System.out.printf("| %s | %d | %d | %d | %.1f |%n", shape, envelope.payloadLength(), kryo, java,
                    (double) java / kryo);
        }
    }
}
