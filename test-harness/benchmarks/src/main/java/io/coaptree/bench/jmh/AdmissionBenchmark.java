package io.coaptree.bench.jmh;

import java.time.Clock;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import io.coaptree.remotequery.admission.Admission;

/**
 * What bounded waiting adds to a remote read at each hop: one admission decision and one answer, with the
 * defaults ({@code remotequery.admission.max.wait.ms} 500, {@code max.pending.per.hop} 256), the system clock, and
 * 8 requests in flight to the hop so the estimate is computed as under load. {@code contended}: two threads on one
 * hop, as a gateway's CoAP threads (admit) and MQTT listener (answer) do.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AdmissionBenchmark {

    private static final String HOP = "A/-/dA";

    private Admission admission;

    @Setup
    public void setUp() {
        admission = new Admission(Clock.systemUTC(), 500, 256, 10_000);
        for (int i = 0; i < 8; i++) {
            admission.admit(HOP, 5_000);
        }
    }

    private Object admitAndAnswer() {
        Admission.Decision d = admission.admit(HOP, 5_000);
        if (d instanceof Admission.Admitted a) {
            a.ticket().answered();
        }
        return d;
    }

    @Benchmark
    public Object oneThread() {
        return admitAndAnswer();
    }

    @Benchmark
    @Threads(2)
    public Object contended() {
        return admitAndAnswer();
    }
}
