package io.coaptree.harness.exchange.run;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.data.DataTransportService;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.codec.EnvelopeKind;

/**
 * Runs {@link ProbeSettings#exchanges()} request/response exchanges with at most
 * {@link ProbeSettings#concurrency()} outstanding: each request is a CoAP POST envelope with a fresh correlation
 * id, answered when a 2.05 response with that id and the same payload arrives. Publishing respects the
 * transport's in-flight window ({@link PatientPublisher}); an exchange without an answer within
 * {@link ProbeSettings#timeoutMillis()} is an error.
 */
public final class Initiator extends ProbeRole {

    private final Map<Long, Long> outstanding = new ConcurrentHashMap<>();
    private final AtomicInteger ok = new AtomicInteger();
    private final AtomicInteger errors = new AtomicInteger();
    private final Semaphore window;
    private final byte[] body;
    private volatile CountDownLatch finished = new CountDownLatch(0);
    private volatile String firstError = "";

    public Initiator(DataTransportService transport, ProbeSettings settings, EnvelopeCodec codec, String nodeName) {
        super(transport, settings, codec, nodeName);
        this.window = new Semaphore(settings.concurrency());
        this.body = new byte[settings.payloadBytes()];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
    }

    /** Runs the exchanges; returns when every one is answered or failed. */
    public RunResult run() throws InterruptedException {
        int n = settings.exchanges();
        if (!gate.await(transport, settings.timeoutMillis())) {
            return new RunResult(n, 0, n, 0, 0,
                    "not connected to " + transport.getBrokerUrl() + " within " + settings.timeoutMillis() + " ms");
        }
        try {
            transport.subscribe(settings.responseTopic(), settings.qos());
        } catch (KuraException e) {
            return new RunResult(n, 0, n, 0, 0, "cannot subscribe to the responses: " + e);
        }
        finished = new CountDownLatch(n);
        // Correlation ids unique to this run, so that late answers to an earlier run are ignored.
        long base = ThreadLocalRandom.current().nextLong(1, 1L << 38) << 24;
        ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "exchange-probe-timeouts");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(10, settings.timeoutMillis() / 4);
        sweeper.scheduleWithFixedDelay(this::expireOverdue, period, period, TimeUnit.MILLISECONDS);
        long start = System.nanoTime();
        try {
            for (int i = 0; i < n; i++) {
                long id = base + i;
                if (!window.tryAcquire(2L * settings.timeoutMillis(), TimeUnit.MILLISECONDS)) {
                    error("no free exchange slot within " + 2L * settings.timeoutMillis() + " ms");
                    finished.countDown();
                    continue;
                }
                send(id);
            }
            finished.await(2L * settings.timeoutMillis(), TimeUnit.MILLISECONDS);
        } finally {
            sweeper.shutdownNow();
        }
        long totalMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        unsubscribeQuietly();
        int answered = ok.get();
        int failed = errors.get() + (int) finished.getCount();
        if (finished.getCount() > 0 && firstError.isEmpty()) {
            firstError = finished.getCount() + " exchanges unfinished at the end of the run";
        }
        return new RunResult(n, answered, failed, totalMillis, publisher.backoffs(), firstError);
    }

    private void send(long id) throws InterruptedException {
        outstanding.put(id, System.nanoTime());
        CoapEnvelope request = CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.POST)
                .correlationId(id)
                .path("probe/echo")
                .contentFormat(CoapCodes.OCTET_STREAM)
                .accept(CoapCodes.OCTET_STREAM)
                .payload(body)
                .sourceNode(nodeName)
                .build();
        try {
            publisher.publish(settings.requestTopic(), codec.encode(request), settings.qos());
        } catch (KuraException | EnvelopeCodecException e) {
            finish(id, false, "request " + id + " not published: " + e);
        }
    }

    @Override
    protected void handle(String topic, byte[] payload) {
        if (!settings.responseTopic().equals(topic)) {
            return;
        }
        CoapEnvelope response;
        try {
            response = codec.decode(payload);
        } catch (EnvelopeCodecException e) {
            // Not attributable to an exchange (the id is unreadable): that exchange times out and counts then.
            if (firstError.isEmpty()) {
                firstError = "undecodable response: " + e.getMessage();
            }
            return;
        }
        boolean expected = response.kind() == EnvelopeKind.RESPONSE && response.code() == CoapCodes.CONTENT
                && Arrays.equals(body, response.payload());
        finish(response.correlationId(), expected, "unexpected response " + response);
    }

    /** Completes an exchange once: a late duplicate or an answer after its timeout is ignored. */
    private void finish(long id, boolean success, String failure) {
        if (outstanding.remove(id) == null) {
            return;
        }
        if (success) {
            ok.incrementAndGet();
        } else {
            error(failure);
        }
        window.release();
        finished.countDown();
    }

    private void expireOverdue() {
        long limit = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(settings.timeoutMillis());
        for (Map.Entry<Long, Long> e : outstanding.entrySet()) {
            if (e.getValue() - limit < 0) {
                finish(e.getKey(), false, "no response to " + e.getKey() + " within " + settings.timeoutMillis()
                        + " ms");
            }
        }
    }

    private void error(String what) {
        if (errors.getAndIncrement() == 0) {
            firstError = what;
        }
    }

    private void unsubscribeQuietly() {
        try {
            transport.unsubscribe(settings.responseTopic());
        } catch (KuraException e) {
            // the run is over; a dangling subscription costs nothing
        }
    }
}
