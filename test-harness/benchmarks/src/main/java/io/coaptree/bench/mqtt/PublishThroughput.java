package io.coaptree.bench.mqtt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

import io.coaptree.bench.scenario.MachineInfo;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.mqtt.component.LeanMqttDataTransport;
import io.coaptree.tree.transport.DataTransportListenerAdapter;

/**
 * QoS 1 publish throughput of the lean transport against a raw Paho client on the same broker in the same run
 * (the goal: at least 90% of raw Paho). Both are driven the same way, as a careful application would:
 * it keeps its own window of {@code --window} messages (a semaphore taken before each publish and given back when
 * the broker's acknowledgement is reported: Paho's {@code deliveryComplete}, the transport's
 * {@code onMessageConfirmed}), so neither client has to refuse a publish; should the transport still refuse one
 * ({@code KuraTooManyInflightMessagesException}), the caller parks 50 µs and retries, and the refusals are
 * counted. A round ends when the broker has acknowledged every message. With {@code --style refusal} there is no
 * application window: both publish until their client refuses (Paho's "too many publishes in progress", the
 * transport's {@code KuraTooManyInflightMessagesException}), park 50 µs and retry, as a Kura caller of a
 * DataTransportService does. Rounds alternate between the two clients so that background load hits both alike; the first round of
 * each is warm-up.
 *
 * <pre>
 * java -cp 'test-harness/benchmarks/target/coaptree-benchmarks.jar:test-harness/benchmarks/target/lib/*' \
 *     io.coaptree.bench.mqtt.PublishThroughput [--broker-url mqtt://127.0.0.1:1883/] [--messages 20000]
 *     [--rounds 5] [--payload 128] [--window 100] [--style window|refusal]
 * </pre>
 *
 * Without {@code --broker-url} the harness's embedded broker (HiveMQ CE) runs in this JVM.
 */
public final class PublishThroughput {

    private static final long BACKOFF_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private PublishThroughput() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = parse(args);
        // Read before the run, like the scenario runner does: the load average is then other work's, not ours.
        System.out.println("machine: " + MachineInfo.detect().describe());
        int messages = Integer.parseInt(options.getOrDefault("messages", "20000"));
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "5"));
        int window = Integer.parseInt(options.getOrDefault("window", "100"));
        String style = options.getOrDefault("style", "window");
        // Raw Paho keeps Nagle's algorithm on; compare like with like unless asked otherwise.
        boolean tcpNoDelay = Boolean.parseBoolean(options.getOrDefault("tcp-no-delay", "false"));
        if (!style.equals("window") && !style.equals("refusal")) {
            throw new IllegalArgumentException("style: '" + style + "' is neither window nor refusal");
        }
        // "refusal": no application window; callers publish until refused, then park and retry.
        int applicationWindow = style.equals("window") ? window : Integer.MAX_VALUE / 2;
        byte[] payload = new byte[Integer.parseInt(options.getOrDefault("payload", "128"))];
        Arrays.fill(payload, (byte) 'x');

        EmbeddedBroker embedded = null;
        String url = options.get("broker-url");
        if (url == null) {
            embedded = new EmbeddedBroker(0);
            url = embedded.url();
        }
        System.out.printf("broker %s%s, %d messages of %d bytes per round, QoS 1, window %d, style %s, %d rounds each%n",
                url, embedded != null ? " (embedded HiveMQ)" : "", messages, payload.length, window, style, rounds);
        try {
            List<Double> raw = new ArrayList<>();
            List<Double> lean = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            for (int round = 0; round <= rounds; round++) {
                boolean rawFirst = round % 2 == 0;
                double a = rawFirst ? rawPaho(url, messages, payload, window, applicationWindow)
                        : leanTransport(url, messages, payload, window, applicationWindow, tcpNoDelay);
                double b = rawFirst ? leanTransport(url, messages, payload, window, applicationWindow, tcpNoDelay)
                        : rawPaho(url, messages, payload, window, applicationWindow);
                double rawRate = rawFirst ? a : b;
                double leanRate = rawFirst ? b : a;
                System.out.printf("round %d%s: raw Paho %.0f msg/s, lean transport %.0f msg/s (%.0f%%)%n", round,
                        round == 0 ? " (warm-up)" : "", rawRate, leanRate, 100 * leanRate / rawRate);
                if (round > 0) {
                    raw.add(rawRate);
                    lean.add(leanRate);
                    ratios.add(leanRate / rawRate);
                }
            }
            double rawMedian = median(raw);
            double leanMedian = median(lean);
            System.out.printf("median: raw Paho %.0f msg/s, lean transport %.0f msg/s: %.1f%% of raw Paho%n",
                    rawMedian, leanMedian, 100 * leanMedian / rawMedian);
            // Each round pairs the two clients back to back, so its ratio is the least sensitive to load drift.
            System.out.printf("median of the per-round ratios: %.1f%% of raw Paho%n", 100 * median(ratios));
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    /** Messages per second from the first publish to the last acknowledgement. */
    static double rawPaho(String url, int messages, byte[] payload, int window, int applicationWindow)
            throws Exception {
        String uri = url.replace("mqtt://", "tcp://").replaceAll("/$", "");
        MqttAsyncClient client = new MqttAsyncClient(uri, "raw-paho-" + System.nanoTime(), new MemoryPersistence());
        AtomicLong acknowledged = new AtomicLong();
        Semaphore slots = new Semaphore(applicationWindow);
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                System.err.println("raw Paho lost its connection: " + cause);
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
                acknowledged.incrementAndGet();
                slots.release();
            }
        });
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setMaxInflight(window);
        client.connect(o).waitForCompletion(10_000);
        try {
            long start = System.nanoTime();
            for (int i = 0; i < messages; i++) {
                slots.acquire();
                while (true) {
                    try {
                        client.publish("bench/raw", payload, 1, false);
                        break;
                    } catch (MqttException e) {
                        if (e.getReasonCode() != MqttException.REASON_CODE_MAX_INFLIGHT) {
                            throw e;
                        }
                        LockSupport.parkNanos(BACKOFF_NANOS);
                    }
                }
            }
            awaitCount(acknowledged, messages);
            return messages / ((System.nanoTime() - start) / 1e9);
        } finally {
            client.disconnect().waitForCompletion(10_000);
            client.close();
        }
    }

    static double leanTransport(String url, int messages, byte[] payload, int window, int applicationWindow,
            boolean tcpNoDelay) throws Exception {
        LeanMqttDataTransport transport = new LeanMqttDataTransport();
        Map<String, Object> p = new HashMap<>();
        p.put("broker-url", url);
        p.put("client-id", "lean-" + System.nanoTime());
        p.put("connect.auto-on-startup", false);
        p.put("in-flight-messages.max-number", window);
        p.put("tcp.no-delay", tcpNoDelay);
        transport.activate(p);
        AtomicLong confirmed = new AtomicLong();
        Semaphore slots = new Semaphore(applicationWindow);
        transport.addDataTransportListener(new ConfirmationCounter(confirmed, slots));
        long refusals = 0;
        transport.connect();
        try {
            long start = System.nanoTime();
            for (int i = 0; i < messages; i++) {
                slots.acquire();
                while (true) {
                    try {
                        transport.publish("bench/lean", payload, 1, false);
                        break;
                    } catch (KuraTooManyInflightMessagesException full) {
                        refusals++;
                        LockSupport.parkNanos(BACKOFF_NANOS);
                    }
                }
            }
            awaitCount(confirmed, messages);
            double rate = messages / ((System.nanoTime() - start) / 1e9);
            if (refusals > 0) {
                System.out.printf("  (the transport refused %d publishes with a full window)%n", refusals);
            }
            return rate;
        } finally {
            transport.disconnect(0);
            transport.deactivate();
        }
    }

    private static void awaitCount(AtomicLong counter, long target) throws KuraException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (counter.get() < target) {
            if (System.nanoTime() > deadline) {
                throw KuraException.internalError("only " + counter.get() + " of " + target + " acknowledged in 60 s");
            }
            LockSupport.parkNanos(BACKOFF_NANOS);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static Map<String, String> parse(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: [--broker-url URL] [--messages N] [--rounds N] "
                        + "[--payload BYTES] [--window N] [--style window|refusal]; got " + args[i]);
            }
            options.put(args[i].substring(2), args[++i]);
        }
        return options;
    }

    /** Counts the transport's confirmations (QoS 1: one per message acknowledged by the broker). */
    private static final class ConfirmationCounter extends DataTransportListenerAdapter {
        private final AtomicLong confirmed;
        private final Semaphore slots;

        ConfirmationCounter(AtomicLong confirmed, Semaphore slots) {
            this.confirmed = confirmed;
            this.slots = slots;
        }

        @Override
        public void onMessageConfirmed(DataTransportToken token) {
            confirmed.incrementAndGet();
            slots.release();
        }
    }
}
