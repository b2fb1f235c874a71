package io.coaptree.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Recorder;

/**
 * Drives a {@link RequestIssuer} according to a {@link LoadProfile} and measures what comes back.
 * No thread per client: closed-loop clients send their next request from the completion callback, open-loop
 * arrivals come from the calling thread, and one sweeper thread expires requests past their timeout.
 */
public final class LoadEngine {

    /** Highest latency the histograms track, in microseconds; slower answers are clamped to it. */
    static final long HIGHEST_TRACKABLE_MICROS = 120_000_000L;
    private static final long SWEEP_INTERVAL_NANOS = 10_000_000L;
    private static final long TIMELINE_INTERVAL_NANOS = 1_000_000_000L;

    private final LoadProfile profile;
    private final RequestIssuer issuer;
    private final Recorder recorder = new Recorder(HIGHEST_TRACKABLE_MICROS, 3);
    private final Histogram total = new Histogram(HIGHEST_TRACKABLE_MICROS, 3);
    private final List<LoadResult.IntervalPoint> timeline = new ArrayList<>();
    private final Set<Pending> pending = ConcurrentHashMap.newKeySet();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final AtomicLong started = new AtomicLong();
    private final LongAdder succeeded = new LongAdder();
    private final AtomicLong lastCompletionNanos = new AtomicLong();
    private final long timeoutNanos;
    /** Guards closed-loop clients whose issuer completes synchronously against unbounded recursion. */
    private final ThreadLocal<int[]> nesting = ThreadLocal.withInitial(() -> new int[1]);
    private final ExecutorService handOff = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "load-hand-off");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean sending = true;
    private long startNanos;
    private volatile long nextTimelineNanos;

    private LoadEngine(LoadProfile profile, RequestIssuer issuer) {
        if (issuer.clients() < profile.clients()) {
            throw new IllegalArgumentException("clients: the profile wants " + profile.clients()
                    + " but the issuer holds " + issuer.clients());
        }
        this.profile = profile;
        this.issuer = issuer;
        this.timeoutNanos = profile.requestTimeout().toNanos();
    }

    /** Runs one step to its end (duration or request budget), waits for outstanding requests, and reports. */
    public static LoadResult run(LoadProfile profile, RequestIssuer issuer) throws InterruptedException {
        return new LoadEngine(profile, issuer).run();
    }

    private LoadResult run() throws InterruptedException {
        startNanos = System.nanoTime();
        lastCompletionNanos.set(startNanos);
        nextTimelineNanos = startNanos + TIMELINE_INTERVAL_NANOS;
        long deadline = startNanos + profile.duration().toNanos();
        Thread sweeper = new Thread(this::sweepUntilDrained, "load-timeouts-" + profile.name());
        sweeper.setDaemon(true);
        sweeper.start();
        try {
            if (profile.mode() == LoadProfile.Mode.CLOSED) {
                runClosedLoop(deadline);
            } else {
                runOpenLoop(deadline);
            }
            sending = false;
            // every pending request ends within the timeout: answered, failed, or expired by the sweeper
            long drainDeadline = System.nanoTime() + timeoutNanos + 2 * SWEEP_INTERVAL_NANOS + 1_000_000_000L;
            while (!pending.isEmpty() && System.nanoTime() < drainDeadline) {
                sampleTimeline(System.nanoTime());
                LockSupport.parkNanos(SWEEP_INTERVAL_NANOS);
            }
        } finally {
            sending = false;
            sweeper.interrupt();
            sweeper.join(5_000);
            handOff.shutdownNow();
        }
        return result();
    }

    private void runClosedLoop(long deadline) throws InterruptedException {
        for (int client = 0; client < profile.clients(); client++) {
            sendNext(client, System.nanoTime(), deadline);
        }
        while (System.nanoTime() < deadline && started.get() < profile.maxRequests()) {
            sampleTimeline(System.nanoTime());
            if (pending.isEmpty() && !sending) {
                break;
            }
            Thread.sleep(10);
        }
    }

    private void runOpenLoop(long deadline) {
        ArrivalSchedule schedule = ArrivalSchedule.of(profile.arrivals(), profile.ratePerSecond(), profile.seed());
        long intended = startNanos;
        int client = 0;
        while (started.get() < profile.maxRequests()) {
            intended += schedule.nextGapNanos();
            if (intended >= deadline) {
                break;
            }
            long now;
            while ((now = System.nanoTime()) < intended) {
                LockSupport.parkNanos(intended - now);
            }
            sampleTimeline(now);
            if (pending.size() >= profile.maxInFlight()) {
                started.incrementAndGet();
                failures.computeIfAbsent("overload", k -> new LongAdder()).increment();
                continue;
            }
            // latency counts from the intended time: if we fell behind, the delay is part of what a device sees
            issue(client, intended);
            client = (client + 1) % profile.clients();
        }
    }

    /** Closed loop: start the next request of {@code client} unless the step is over. */
    private void sendNext(int client, long now, long deadline) {
        if (!sending || now >= deadline || started.get() >= profile.maxRequests()) {
            sending = false;
            return;
        }
        issue(client, now);
    }

    private void issue(int client, long startedAtNanos) {
        Pending request = new Pending(client, startedAtNanos);
        // Pending before counted: once another thread sees the budget spent and ends the step, every request it
        // counted is already among those the drain waits for.
        pending.add(request);
        started.incrementAndGet();
        try {
            request.cancellable = issuer.issue(client, request);
        } catch (RuntimeException e) {
            request.failed("issue error: " + e.getClass().getSimpleName());
        }
    }

    private void sweepUntilDrained() {
        while (!Thread.currentThread().isInterrupted()) {
            long now = System.nanoTime();
            for (Pending request : pending) {
                if (now - request.startedAtNanos > timeoutNanos) {
                    request.expire();
                }
            }
            LockSupport.parkNanos(SWEEP_INTERVAL_NANOS);
        }
    }

    private void sampleTimeline(long now) {
        if (now >= nextTimelineNanos) {
            sampleTimelineNow(now);
        }
    }

    private synchronized void sampleTimelineNow(long now) {
        if (now < nextTimelineNanos) {
            return;
        }
        nextTimelineNanos += TIMELINE_INTERVAL_NANOS;
        Histogram interval = recorder.getIntervalHistogram();
        total.add(interval);
        timeline.add(new LoadResult.IntervalPoint((now - startNanos) / 1e9, interval.getTotalCount(),
                interval.getValueAtPercentile(50), interval.getValueAtPercentile(99), interval.getMaxValue()));
    }

    private synchronized LoadResult result() {
        long now = System.nanoTime();
        Histogram interval = recorder.getIntervalHistogram();
        total.add(interval);
        if (interval.getTotalCount() > 0) {
            timeline.add(new LoadResult.IntervalPoint((now - startNanos) / 1e9, interval.getTotalCount(),
                    interval.getValueAtPercentile(50), interval.getValueAtPercentile(99), interval.getMaxValue()));
        }
        double elapsed = Math.max(1e-9, (lastCompletionNanos.get() - startNanos) / 1e9);
        Map<String, Long> failed = new TreeMap<>();
        failures.forEach((reason, count) -> failed.put(reason, count.sum()));
        long ok = succeeded.sum();
        return new LoadResult(profile.name(), profile, started.get(), ok, failed, elapsed, ok / elapsed,
                LatencySummary.of(total), List.copyOf(timeline), percentileCurve(total));
    }

    /** The latency percentile curve of a histogram in microseconds, for reports. */
    public static List<LoadResult.PercentilePoint> percentileCurve(Histogram histogram) {
        List<LoadResult.PercentilePoint> points = new ArrayList<>();
        if (histogram.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue value : histogram.percentiles(5)) {
            points.add(new LoadResult.PercentilePoint(value.getPercentileLevelIteratedTo(),
                    value.getValueIteratedTo()));
            if (value.getPercentileLevelIteratedTo() >= 100.0) {
                break;
            }
        }
        return points;
    }

    private void completed(long nowNanos) {
        lastCompletionNanos.accumulateAndGet(nowNanos, Math::max);
    }

    /** One outstanding request; it completes once, whoever comes first (answer, error, or the sweeper). */
    private final class Pending implements RequestIssuer.Outcome {
        final int client;
        final long startedAtNanos;
        final AtomicBoolean done = new AtomicBoolean();
        volatile RequestIssuer.Cancellable cancellable = RequestIssuer.Cancellable.NONE;

        Pending(int client, long startedAtNanos) {
            this.client = client;
            this.startedAtNanos = startedAtNanos;
        }

        @Override
        public void succeeded() {
            long now = System.nanoTime();
            if (done.compareAndSet(false, true)) {
                long micros = Math.max(1, (now - startedAtNanos) / 1_000);
                recorder.recordValue(Math.min(micros, HIGHEST_TRACKABLE_MICROS));
                succeeded.increment();
                finish(now);
            }
        }

        @Override
        public void failed(String reason) {
            if (done.compareAndSet(false, true)) {
                failures.computeIfAbsent(reason, k -> new LongAdder()).increment();
                finish(System.nanoTime());
            }
        }

        void expire() {
            if (done.compareAndSet(false, true)) {
                failures.computeIfAbsent("timeout", k -> new LongAdder()).increment();
                cancellable.cancel();
                finish(System.nanoTime());
            }
        }

        private void finish(long now) {
            pending.remove(this);
            completed(now);
            if (profile.mode() == LoadProfile.Mode.CLOSED) {
                long deadline = startNanos + profile.duration().toNanos();
                int[] depth = nesting.get();
                if (depth[0] > 8) {
                    if (sending) {
                        try {
                            handOff.execute(() -> sendNext(client, System.nanoTime(), deadline));
                        } catch (RejectedExecutionException stepOver) {
                            // the step ended meanwhile: no next request
                        }
                    }
                    return;
                }
                depth[0]++;
                try {
                    sendNext(client, now, deadline);
                } finally {
                    depth[0]--;
                }
            }
        }
    }
}
