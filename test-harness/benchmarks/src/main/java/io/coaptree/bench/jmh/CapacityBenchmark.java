package io.coaptree.bench.jmh;

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

import io.coaptree.server.capacity.CallerClass;
import io.coaptree.server.capacity.CapacityPool;
import io.coaptree.server.capacity.ServerCapacity;
import io.coaptree.server.options.CapacityOptions;

/**
 * What the server's capacity by class costs per request, at the default settings and pool sizes (500 requests in
 * progress, 1000 relations, 50 % anonymous, 64 per address, 25 % reserved):
 * <ul>
 * <li>{@code anonymousAdmitAndRelease}: a request from one of 200 anonymous addresses, each holding 1, admitted and
 * given back (what every anonymous request pays);</li>
 * <li>{@code authenticatedAdmitAndRelease}: the same for an authenticated caller (no address kept);</li>
 * <li>{@code floodRefused}: a request from an address that holds its 64 (what each request of a flood costs the
 * gateway before it is answered 5.03; the log line is rate limited, at most one a minute).</li>
 * </ul>
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is the memory a request takes while it holds capacity (its ticket;
 * the address's counter is made with its first and dropped with its last).
 * {@code java -jar coaptree-benchmarks.jar jmh Capacity -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CapacityBenchmark {

    private static final int ADDRESSES = 200;

    private ServerCapacity capacity;
    private ServerCapacity flooded;
    private String[] addresses;
    private int next;
    private long clock;

    @Setup
    public void setUp() {
        CapacityOptions defaults = CapacityOptions.defaults();
        capacity = new ServerCapacity(500, 1000, defaults, () -> clock += 1_000);
        addresses = new String[ADDRESSES];
        for (int i = 0; i < ADDRESSES; i++) {
            addresses[i] = "10.0." + (i >>> 8) + "." + (i & 0xFF);
            // each address holds one request already: its counter exists, as under steady load
            capacity.admit(false, CallerClass.ANONYMOUS, addresses[i]);
        }
        flooded = new ServerCapacity(500, 1000, defaults, () -> clock += 1_000);
        for (int i = 0; i < defaults.perAddress(); i++) {
            flooded.admit(false, CallerClass.ANONYMOUS, "192.0.2.66");
        }
    }

    @Benchmark
    public Object anonymousAdmitAndRelease() {
        int i = next;
        next = i + 1 == ADDRESSES ? 0 : i + 1;
        CapacityPool.Decision decision = capacity.admit(false, CallerClass.ANONYMOUS, addresses[i]);
        ((CapacityPool.Ticket) decision).release();
        return decision;
    }

    @Benchmark
    public Object authenticatedAdmitAndRelease() {
        CapacityPool.Decision decision = capacity.admit(true, CallerClass.AUTHENTICATED, null);
        ((CapacityPool.Ticket) decision).release();
        return decision;
    }

    @Benchmark
    public Object floodRefused() {
        return flooded.admit(false, CallerClass.ANONYMOUS, "192.0.2.66");
    }
}
