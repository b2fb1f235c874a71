package io.coaptree.bench.mqtt;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;

/**
 * The Kryo envelope codec against Java serialization of the same envelopes (the goal: at least 3x faster
 * and 2x smaller). Time per message for encoding, decoding, and both (what one hop costs); bytes per message are
 * printed at setup ({@code #bytes ...} lines) and by {@link EnvelopeSizes}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EnvelopeCodecBenchmark {

    @Param({ "request", "response", "lookup" })
    public String shape;

    private final EnvelopeCodec codec = new EnvelopeCodec();
    private CoapEnvelope envelope;
    private byte[] kryoBytes;
    private byte[] javaBytes;

    @Setup(Level.Trial)
    public void prepare() throws EnvelopeCodecException {
        envelope = SampleEnvelopes.byName(shape);
        kryoBytes = codec.encode(envelope);
        javaBytes = SerializableEnvelope.encode(envelope);
        if (!codec.decode(kryoBytes).equals(envelope) || !SerializableEnvelope.decode(javaBytes).equals(envelope)) {
            throw new IllegalStateException("a codec does not round-trip the " + shape + " envelope");
        }
        System.out.printf("%n#bytes %s: kryo %d, java %d%n", shape, kryoBytes.length, javaBytes.length);
    }

    @Benchmark
    public byte[] kryoEncode() throws EnvelopeCodecException {
        return codec.encode(envelope);
    }

    @Benchmark
    public CoapEnvelope kryoDecode() throws EnvelopeCodecException {
        return codec.decode(kryoBytes);
    }

    @Benchmark
    public CoapEnvelope kryoRoundTrip() throws EnvelopeCodecException {
        return codec.decode(codec.encode(envelope));
    }

    @Benchmark
    public byte[] javaEncode() {
        return SerializableEnvelope.encode(envelope);
    }

    @Benchmark
    public CoapEnvelope javaDecode() {
        return SerializableEnvelope.decode(javaBytes);
    }

    @Benchmark
    public CoapEnvelope javaRoundTrip() {
        return SerializableEnvelope.decode(SerializableEnvelope.encode(envelope));
    }
}
