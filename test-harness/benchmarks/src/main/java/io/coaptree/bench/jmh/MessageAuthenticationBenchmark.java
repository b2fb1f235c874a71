package io.coaptree.bench.jmh;

import java.security.GeneralSecurityException;
import java.util.concurrent.ThreadLocalRandom;
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

/**
 * What authenticating one message between gateways would cost per hop (measured before the seal was chosen): sign
 * and verify with Ed25519, ECDSA P-256 / SHA-256 and HMAC-SHA256 through the JDK's providers, over messages of an
 * encoded request envelope's size (the codec's request is 143 bytes, so 200) and of a lookup answer's (2048; the
 * codec's 1 KiB lookup is 1053 bytes). Results and their meaning: docs/performance.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MessageAuthenticationBenchmark {

    @Param({ "ed25519", "ecdsa-p256", "hmac-sha256" })
    public String candidate;

    @Param({ "200", "2048" })
    public int messageBytes;

    private AuthenticationCandidate authentication;
    private byte[] message;
    private byte[] tag;

    @Setup(Level.Trial)
    public void prepare() throws GeneralSecurityException {
        authentication = AuthenticationCandidate.named(candidate);
        message = new byte[messageBytes];
        ThreadLocalRandom.current().nextBytes(message);
        tag = authentication.sign(message);
        if (!authentication.verify(message, tag)) {
            throw new IllegalStateException(candidate + " does not verify its own tag");
        }
        System.out.printf("%n#tag-bytes %s: %d%n", candidate, tag.length);
    }

    @Benchmark
    public byte[] sign() throws GeneralSecurityException {
        return authentication.sign(message);
    }

    @Benchmark
    public boolean verify() throws GeneralSecurityException {
        return authentication.verify(message, tag);
    }
}
