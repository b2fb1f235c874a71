package io.coaptree.bench.seeds.records;

import java.time.Duration;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;

import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.ArrivalSchedule;
import io.coaptree.bench.load.RequestIssuer;

/**
 * Devices that each POST records to a gateway (their own resource {@code /records/<device>}, or the gateway's
 * telemetry resource), each a CoAP client
 * with its own UDP port, each on its own schedule ({@link DeviceBehaviour}). One pacing thread sends every record
 * at its due time whatever the gateway does (open loop); a record carries its due time, so lateness of the
 * sender shows in the latency the consumer measures.
 */
public final class DeviceFleet implements AutoCloseable {

    /** What one step sent: records, and the POSTs that did not succeed by reason. */
    public record Sent(long records, long bytes, Map<String, Long> failures, double seconds) {
    }

    private final int devices;
    private final java.util.function.IntFunction<String> path;
    private final byte[][] nextPayload;
    private final CoapRequestIssuer issuer;

    /** Opens {@code devices} clients towards {@code host:port}, each POSTing to its own resource. */
    public DeviceFleet(String host, int port, int devices) {
        this(host, port, devices, RecordsPath::ofDevice);
    }

    /** @param path the path a device POSTs to, e.g. the gateway's telemetry resource for all of them */
    public DeviceFleet(String host, int port, int devices, java.util.function.IntFunction<String> path) {
        this.devices = devices;
        this.path = path;
        this.nextPayload = new byte[devices][];
        this.issuer = CoapRequestIssuer.open(host, port, devices, this::post);
    }

    private Request post(int device) {
        Request request = Request.newPost();
        request.getOptions().setUriPath(path.apply(device))
                .setContentFormat(MediaTypeRegistry.APPLICATION_OCTET_STREAM);
        request.setPayload(nextPayload[device]);
        return request;
    }

    public int devices() {
        return devices;
    }

    /**
     * Sends records from devices 0..{@code active}-1 for {@code duration}.
     *
     * @param step   stamped into every record, so the consumer ignores late notifications of an earlier step
     * @param onSent called for every record sent (the progress bar)
     */
    public Sent run(int step, int active, DeviceBehaviour behaviour, Duration duration, long seed, Runnable onSent) {
        if (active > devices) {
            throw new IllegalArgumentException("active: " + active + " devices, the fleet has " + devices);
        }
        Map<String, LongAdder> failures = new ConcurrentHashMap<>();
        ArrivalSchedule[] schedules = new ArrivalSchedule[active];
        IntSupplier[] sizes = new IntSupplier[active];
        int[] sequence = new int[active];
        // due time, device: the earliest due record first
        PriorityQueue<long[]> due = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        long start = System.nanoTime();
        SplittableRandom phases = new SplittableRandom(seed);
        for (int d = 0; d < active; d++) {
            schedules[d] = behaviour.schedule(d);
            sizes[d] = behaviour.sizes(d);
            // devices switched on at random moments within one period, not all at once
            long period = (long) (1e9 / schedules[d].ratePerSecond());
            due.add(new long[] {start + (long) (phases.nextDouble() * period), d});
        }
        long deadline = start + duration.toNanos();
        long records = 0;
        long bytes = 0;
        while (!due.isEmpty() && due.peek()[0] < deadline) {
            long[] next = due.poll();
            int d = (int) next[1];
            long now;
            while ((now = System.nanoTime()) < next[0]) {
                LockSupport.parkNanos(next[0] - now);
            }
            byte[] payload = new RecordPayload(next[0], step, d, sequence[d]++).encode(sizes[d].getAsInt());
            nextPayload[d] = payload;
            issuer.issue(d, new Failures(failures));
            records++;
            bytes += payload.length;
            onSent.run();
            next[0] += schedules[d].nextGapNanos();
            due.add(next);
        }
        Map<String, Long> failed = new TreeMap<>();
        failures.forEach((reason, n) -> failed.put(reason, n.sum()));
        return new Sent(records, bytes, failed, (System.nanoTime() - start) / 1e9);
    }

    @Override
    public void close() {
        issuer.close();
    }

    /** Counts POSTs that fail; successful ones are measured at the consumer. */
    private record Failures(Map<String, LongAdder> byReason) implements RequestIssuer.Outcome {
        @Override
        public void succeeded() {
        }

        @Override
        public void failed(String reason) {
            byReason.computeIfAbsent(reason, k -> new LongAdder()).increment();
        }
    }
}
