package io.coaptree.bench.jmh;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.coaptree.server.messageid.MessageIdAllocator;

/**
 * What the server's RFC 7252 message ID leases cost per message it sends on its own initiative (a separate response,
 * a notification), and per peer remembered. Each allocator runs on a clock of its own that advances with every call,
 * so the figures leave out {@link System#nanoTime()}, which a gateway adds (some 20-30 ns on Linux).
 * <ul>
 * <li>{@code knownPeer}: the next ID for one of 500 peers ({@code limits.peers}' default) in turn, 1 ms apart, so
 * each peer gets 2 a second and none is refused;</li>
 * <li>{@code newPeer}: the first ID for a peer never seen, 250 ms apart, so about 990 peers are remembered and each
 * call also forgets one whose leases ended. With {@code -prof gc}, its {@code gc.alloc.rate.norm} is what a peer
 * costs while remembered (its 16 leases and the table's entry; the address is Californium's).</li>
 * </ul>
 * {@code java -jar coaptree-benchmarks.jar jmh MessageId -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MessageIdBenchmark {

    private static final int GATEWAY_PEERS = 500;
    /** Enough that a peer comes round again long after its leases ended (2^17 x 250 ms, over 9 hours). */
    private static final int NEW_PEERS = 1 << 17;

    private InetSocketAddress[] known;
    private InetSocketAddress[] fresh;
    private long knownClock;
    private long freshClock;
    private MessageIdAllocator knownPeers;
    private MessageIdAllocator newPeers;
    private int nextKnown;
    private int nextFresh;

    @Setup
    public void setUp() throws UnknownHostException {
        known = addresses(GATEWAY_PEERS);
        fresh = addresses(NEW_PEERS);
        knownPeers = new MessageIdAllocator(GATEWAY_PEERS, () -> knownClock += TimeUnit.MILLISECONDS.toNanos(1));
        newPeers = new MessageIdAllocator(100_000, () -> freshClock += TimeUnit.MILLISECONDS.toNanos(250));
    }

    private static InetSocketAddress[] addresses(int count) throws UnknownHostException {
        InetSocketAddress[] out = new InetSocketAddress[count];
        for (int i = 0; i < count; i++) {
            byte[] ip = { 10, (byte) (i >>> 16), (byte) (i >>> 8), (byte) i };
            out[i] = new InetSocketAddress(InetAddress.getByAddress(ip), 5683);
        }
        return out;
    }

    @Benchmark
    public int knownPeer() {
        int i = nextKnown;
        nextKnown = i + 1 == GATEWAY_PEERS ? 0 : i + 1;
        return knownPeers.next(known[i]);
    }

    @Benchmark
    public int newPeer() {
        int i = nextFresh;
        nextFresh = (i + 1) & (NEW_PEERS - 1);
        return newPeers.next(fresh[i]);
    }
}
