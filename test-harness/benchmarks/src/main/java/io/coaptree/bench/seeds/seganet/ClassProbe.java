package io.coaptree.bench.seeds.seganet;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;

/**
 * Reads a device's record resource through the root, one request at a time every {@value #PAUSE_MILLIS} ms, in one
 * delivery class ({@code dc=urgent}, or the gateway's default), while it runs: the latency a reader of that class
 * sees, idle or beside the devices' records (urgent reads overtake queued normal traffic at every hop).
 */
final class ClassProbe implements AutoCloseable {

    static final long PAUSE_MILLIS = 20;
    private static final long HIGHEST_MICROS = 60_000_000L;

    private final CoapClient client;
    private final Histogram latencyMicros = new Histogram(HIGHEST_MICROS, 3);
    private final Thread thread;
    private volatile boolean stopped;
    private long failed;

    /** @param urgent asks for {@code dc=urgent}; otherwise the request takes the root's default class */
    ClassProbe(String host, int rootPort, String treePath, boolean urgent) {
        client = new CoapClient("coap://" + host + ":" + rootPort + treePath + (urgent ? "?dc=urgent" : ""));
        client.setTimeout(5_000L);
        thread = new Thread(this::read, "class-probe-" + (urgent ? "urgent" : "normal"));
        thread.setDaemon(true);
        thread.start();
    }

    private void read() {
        while (!stopped) {
            long started = System.nanoTime();
            CoapResponse response;
            try {
                response = client.get();
            } catch (Exception e) {
                response = null;
            }
            long micros = (System.nanoTime() - started) / 1_000;
            synchronized (this) {
                if (response != null && response.getCode() == ResponseCode.CONTENT) {
                    latencyMicros.recordValue(Math.min(micros, HIGHEST_MICROS));
                } else {
                    failed++;
                }
            }
            try {
                TimeUnit.MILLISECONDS.sleep(PAUSE_MILLIS); // a reader's pace, not a load
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops reading; what it measured. */
    synchronized Result stop() throws InterruptedException {
        stopped = true;
        return new Result(latencyMicros.getTotalCount(), failed, latencyMicros.getValueAtPercentile(50),
                latencyMicros.getValueAtPercentile(99));
    }

    record Result(long reads, long failed, long p50Micros, long p99Micros) {
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(10_000);
        client.shutdown();
    }
}
