package io.coaptree.bench.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * Runs one operation from several threads, each at a fixed pace (its next read is due one interval after the last
 * was due; a read that answers late starts the next at once), for a warm-up, then for the measured time, recording
 * each read's latency from the moment it was due, in microseconds (so a late answer also counts against the reads
 * queued behind it). The same pace for plain GETs and driver reads compares their latency at the same load.
 */
final class PacedReaders {

    /** One read; returns null if it succeeded, else why not. */
    interface Read {
        String run() throws Exception;
    }

    /**
     * @param histogram every successful read's latency in the measured time
     * @param failures reads in the measured time that failed
     * @param firstFailure why the first of them failed, empty if none did
     * @param seconds the measured time
     */
    record Result(Histogram histogram, long failures, String firstFailure, double seconds) {

        double readsPerSecond() {
            return histogram.getTotalCount() / seconds;
        }
    }

    private PacedReaders() {
    }

    /** @param perReaderRate reads a second each reader issues */
    static Result run(List<Read> readers, double perReaderRate, double warmupSeconds, double measureSeconds)
            throws InterruptedException {
        long interval = (long) (1e9 / perReaderRate);
        long start = System.nanoTime();
        long measureFrom = start + (long) (warmupSeconds * 1e9);
        long end = measureFrom + (long) (measureSeconds * 1e9);
        List<Histogram> histograms = new ArrayList<>();
        AtomicLong failures = new AtomicLong();
        AtomicReference<String> firstFailure = new AtomicReference<>("");
        List<Thread> threads = new ArrayList<>();
        for (Read read : readers) {
            Histogram histogram = new Histogram(60_000_000L, 3);
            histograms.add(histogram);
            long offset = interval * threads.size() / readers.size(); // spread the readers over an interval
            Thread thread = new Thread(() -> {
                long due = start + offset;
                while (true) {
                    long now = System.nanoTime();
                    if (due >= end) {
                        return;
                    }
                    if (now < due) {
                        LockSupport.parkNanos(due - now);
                        continue;
                    }
                    long before = due;
                    due += interval;
                    String failure;
                    try {
                        failure = read.run();
                    } catch (Exception e) {
                        failure = e.toString();
                    }
                    long after = System.nanoTime();
                    if (before >= measureFrom) {
                        if (failure == null) {
                            histogram.recordValue(Math.max(1, (after - before) / 1_000));
                        } else {
                            failures.incrementAndGet();
                            firstFailure.compareAndSet("", failure);
                        }
                    }
                }
            }, "driver-reads-" + threads.size());
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        Histogram all = new Histogram(60_000_000L, 3);
        histograms.forEach(all::add);
        return new Result(all, failures.get(), firstFailure.get(), measureSeconds);
    }
}
