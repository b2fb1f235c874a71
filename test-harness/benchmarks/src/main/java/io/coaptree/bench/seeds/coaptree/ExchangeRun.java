package io.coaptree.bench.seeds.coaptree;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import io.coaptree.bench.mqtt.EnvelopeFormat;
import io.coaptree.bench.mqtt.SampleEnvelopes;
import io.coaptree.bench.scenario.StepProgress;
import io.coaptree.codec.CoapEnvelope;

/**
 * The first evaluation's MQTT test (docs/design.md): gateway {@code a} sends {@code count} CoAP request envelopes to
 * gateway {@code b} over the broker, {@code b} answers each with a 2.05 envelope, {@code a} matches answers by
 * correlation id. At most {@value #OUTSTANDING} exchanges are outstanding (as the exchange probe of the integration
 * tests); an exchange without an answer within {@value #ANSWER_TIMEOUT_SECONDS} s fails.
 */
final class ExchangeRun {

    static final int OUTSTANDING = 16;
    static final long ANSWER_TIMEOUT_SECONDS = 10;

    /** How a run ended: total time from the first request to the last answer, failures by reason. */
    record Outcome(int exchanges, long answered, Map<String, Long> failures, double seconds) {
        long failed() {
            return exchanges - answered;
        }
    }

    private final EnvelopeFormat format;
    private final Map<Long, Boolean> pending = new ConcurrentHashMap<>();
    private final Semaphore window = new Semaphore(OUTSTANDING);
    private final LongAdder answered = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final AtomicLong lastAnswerNanos = new AtomicLong();
    private final StepProgress progress;
    private ExchangeNode responder;

    private ExchangeRun(EnvelopeFormat format, StepProgress progress) {
        this.format = format;
        this.progress = progress;
    }

    /**
     * @param storeBacked both gateways put every message in an H2 store first (Kura's DataService)
     * @param storeRateLimit the store's publishing rate limit (ignored without a store)
     */
    static Outcome run(String brokerUrl, boolean storeBacked, PublishRateLimit storeRateLimit, EnvelopeFormat format,
            int count, StepProgress progress) throws Exception {
        Path store = storeBacked ? Files.createTempDirectory("seed-coaptree-store-") : null;
        ExchangeRun run = new ExchangeRun(format, progress);
        try (ExchangeNode a = new ExchangeNode("a", brokerUrl, store, storeRateLimit, run::answerArrived);
                ExchangeNode b = new ExchangeNode("b", brokerUrl, store, storeRateLimit, run::requestArrived)) {
            run.responder = b;
            return run.exchange(a, count);
        } finally {
            if (store != null) {
                deleteRecursively(store);
            }
        }
    }

    private Outcome exchange(ExchangeNode a, int count) throws InterruptedException {
        CoapEnvelope template = SampleEnvelopes.request();
        long start = System.nanoTime();
        lastAnswerNanos.set(start);
        for (long id = 1; id <= count; id++) {
            if (!window.tryAcquire(ANSWER_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                break; // nothing has been answered for the whole timeout: the rest would wait as long
            }
            pending.put(id, Boolean.TRUE);
            try {
                a.send(responder.name(), format.encode(template.toBuilder().correlationId(id).build()));
            } catch (Exception e) {
                pending.remove(id);
                window.release();
                fail(e);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_TIMEOUT_SECONDS);
        while (!pending.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Map<String, Long> reasons = new TreeMap<>();
        failures.forEach((reason, n) -> reasons.put(reason, n.sum()));
        long unanswered = count - answered.sum() - reasons.values().stream().mapToLong(Long::longValue).sum();
        if (unanswered > 0) {
            reasons.put("no answer within " + ANSWER_TIMEOUT_SECONDS + " s", unanswered);
        }
        return new Outcome(count, answered.sum(), reasons, (lastAnswerNanos.get() - start) / 1e9);
    }

    /** At {@code b}: answer the request. */
    private void requestArrived(byte[] bytes) {
        try {
            CoapEnvelope request = format.decode(bytes);
            CoapEnvelope answer = SampleEnvelopes.response().toBuilder().correlationId(request.correlationId()).build();
            responder.send("a", format.encode(answer));
        } catch (Exception e) {
            fail(e);
        }
    }

    /** At {@code a}: match the answer to its request. */
    private void answerArrived(byte[] bytes) {
        try {
            if (pending.remove(format.decode(bytes).correlationId()) != null) {
                answered.increment();
                lastAnswerNanos.accumulateAndGet(System.nanoTime(), Math::max);
                window.release();
                progress.step();
            }
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private void fail(Exception e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        failures.computeIfAbsent(reason, k -> new LongAdder()).increment();
    }

    private static void deleteRecursively(Path dir) throws java.io.IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
