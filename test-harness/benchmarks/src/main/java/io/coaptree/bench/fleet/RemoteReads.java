package io.coaptree.bench.fleet;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.HdrHistogram.ConcurrentHistogram;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.tree.model.NodeAddress;

/**
 * Remote reads between random group gateways at a fixed rate: each read enters the tree at one group gateway's
 * remote-query node, as a client's {@code GET /tree/<other group>/sensor<k>} would, and is timed from when it was
 * due until its answer. A read is failed when its answer is not 2.05 or does not come within the wait.
 *
 * @param p50Millis the median latency of the answered reads
 * @param p99Millis their 99th percentile
 * @param failed reads that failed
 * @param failures the failed reads by their answer's code ({@code 5.04}), or {@code unanswered}
 * @param reads reads made
 * @param simulator what the simulator itself cost meanwhile (its CPU, its collector's pauses)
 */
record RemoteReads(double p50Millis, double p99Millis, long failed, Map<String, Long> failures, long reads,
        SimulatorLoad.Figures simulator) {

    /** A read not answered this long after the last was sent is failed (the tree's own timeout is shorter). */
    private static final Duration WAIT = Duration.ofSeconds(10);

    /**
     * @param groups the group gateways to read between (at least two)
     * @param resources how many {@code sensor<k>} each has
     * @param seed the pairs' random seed, so that runs compare
     */
    static RemoteReads run(FleetSimulation fleet, List<NodeAddress> groups, int resources, int perSecond,
            Duration duration, long seed) throws InterruptedException {
        ConcurrentHistogram micros = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(1), 3);
        Map<String, Long> failures = new ConcurrentSkipListMap<>();
        int total = (int) Math.max(1, duration.toMillis() * perSecond / 1000);
        CountDownLatch answered = new CountDownLatch(total);
        Random random = new Random(seed);
        AtomicInteger sent = new AtomicInteger();
        long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        long start = System.nanoTime();
        ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "fleet-reads");
            thread.setDaemon(true);
            return thread;
        });
        try (SimulatorLoad load = new SimulatorLoad()) {
            pacer.scheduleAtFixedRate(() -> {
                int index = sent.getAndIncrement();
                if (index >= total) {
                    return;
                }
                NodeAddress from = groups.get(random.nextInt(groups.size()));
                NodeAddress to = groups.get(random.nextInt(groups.size()));
                while (to.equals(from)) {
                    to = groups.get(random.nextInt(groups.size()));
                }
                long due = start + index * periodNanos;
                boolean[] once = { false };
                fleet.remoteQuery(from).orElseThrow().read(to, "sensor" + random.nextInt(resources), answer -> {
                    synchronized (once) {
                        if (once[0]) {
                            return;
                        }
                        once[0] = true;
                    }
                    if (answer.code() == SensorAnswers.CONTENT) {
                        micros.recordValue(Math.max(0, (System.nanoTime() - due) / 1000));
                    } else {
                        failures.merge(CoapEnvelope.codeToString(answer.code()), 1L, Long::sum);
                    }
                    answered.countDown();
                });
            }, 0, periodNanos, TimeUnit.NANOSECONDS);
            boolean all = answered.await(duration.plus(WAIT).toMillis(), TimeUnit.MILLISECONDS);
            long unanswered = all ? 0 : answered.getCount();
            if (unanswered > 0) {
                failures.put("unanswered", unanswered);
            }
            long failed = failures.values().stream().mapToLong(Long::longValue).sum();
            return new RemoteReads(micros.getValueAtPercentile(50) / 1e3, micros.getValueAtPercentile(99) / 1e3,
                    failed, new TreeMap<>(failures), total, load.figures());
        } finally {
            pacer.shutdownNow();
        }
    }
}
