package io.coaptree.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Token;
import org.eclipse.californium.core.network.serialization.UdpDataSerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The per-request floor of the client side: build the GET the load runner sends and turn it into UDP bytes.
 * Proves the JMH wiring; later issues add their benchmarks next to it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CoapSerializationBenchmark {

    private final UdpDataSerializer serializer = new UdpDataSerializer();
    private final Token token = Token.fromProvider(new byte[] {1, 2, 3, 4});
    private int mid;

    @Benchmark
    public byte[] serializeGetRequest() {
        Request request = Request.newGet();
        request.getOptions().setUriPath("building-a/floor-1/temperature").setAccept(0);
        request.setMID(mid++ & 0xFFFF);
        request.setToken(token);
        return serializer.getByteArray(request);
    }
}
