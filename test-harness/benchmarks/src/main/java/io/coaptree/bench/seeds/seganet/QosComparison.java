package io.coaptree.bench.seeds.seganet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.knowm.xchart.CategoryChart;

import io.coaptree.bench.load.LatencySummary;
import io.coaptree.tree.transport.DataTransportListenerAdapter;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.StepProgress;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.RecordPayload;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.mqtt.component.LeanMqttDataTransport;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * SegaNet's Figure 5: QoS 0 against QoS 1. {@value #AGENTS} agents, each CoAPTree's lean MQTT transport (the
 * gateway's uplink), publish {@value #RECORD_BYTES}-byte records at {@value #RATE_PER_AGENT}/s each to an embedded
 * broker; one subscriber (Paho, subscribed at the same QoS) measures one-way latency and counts what arrives. A
 * publish the transport refuses (its in-flight window is full) is a record lost, as an agent that cannot wait
 * would lose it.
 */
final class QosComparison {

    static final int AGENTS = 16;
    static final int RATE_PER_AGENT = 100;
    static final int RECORD_BYTES = 100;
    static final String TOPIC = "seed/seganet/records";

    private QosComparison() {
    }

    /** One QoS level's run. */
    record QosRun(int qos, long sent, long refused, long delivered, LatencySummary latency) {
        double deliveryPercent() {
            return 100.0 * delivered / Math.max(1, sent + refused);
        }
    }

    static void run(ScenarioContext context, Duration duration) throws Exception {
        ResultTable.Builder table = new ResultTable.Builder("MQTT QoS 0 against QoS 1: " + AGENTS + " agents x "
                + RATE_PER_AGENT + " records/s, " + RECORD_BYTES + " B", "QoS", "offered", "refused by the window",
                "delivered", "delivery %", "mean ms", "p50 ms", "p99 ms");
        List<QosRun> runs = new ArrayList<>();
        try (EmbeddedBroker broker = new EmbeddedBroker(0)) {
            once(broker, 1, Duration.ofSeconds(2), "warm-up");
            for (int qos : new int[] {0, 1}) {
                QosRun r = once(broker, qos, duration, "qos-" + qos);
                runs.add(r);
                table.row(qos, r.sent() + r.refused(), r.refused(), r.delivered(), fixed(r.deliveryPercent(), 1),
                        fixed(r.latency().meanMicros() / 1e3, 3), ms(r.latency().p50Micros()),
                        ms(r.latency().p99Micros()));
            }
        }
        context.table(table.build());
        CategoryChart chart = SeedCharts.bars("QoS 0 against QoS 1", "QoS", "ms / %", false);
        List<String> labels = List.of("QoS 0", "QoS 1");
        chart.addSeries("mean latency (ms)", labels, runs.stream().map(r -> r.latency().meanMicros() / 1e3).toList());
        chart.addSeries("delivered (%)", labels, runs.stream().map(QosRun::deliveryPercent).toList());
        context.chart("seganet-qos.png", chart);
        context.headline(Headline.reported("SegaNet: QoS 0 / QoS 1 delivered, mean latency", String.format(
                java.util.Locale.ROOT, "%.1f%% / %.1f%%, %.2f / %.2f ms (paper: 27.9%% delivered at QoS 0, 8.8%% "
                        + "faster than QoS 1)", runs.get(0).deliveryPercent(), runs.get(1).deliveryPercent(),
                runs.get(0).latency().meanMicros() / 1e3, runs.get(1).latency().meanMicros() / 1e3)));
    }

    private static QosRun once(EmbeddedBroker broker, int qos, Duration duration, String step) throws Exception {
        Recorder latency = new Recorder(120_000_000L, 3);
        AtomicLong delivered = new AtomicLong();
        long expected = (long) AGENTS * RATE_PER_AGENT * duration.toMillis() / 1000;
        MqttAsyncClient subscriber = subscriber(broker, qos, latency, delivered);
        List<LeanMqttDataTransport> agents = new ArrayList<>();
        try (StepProgress progress = StepProgress.open(step, expected)) {
            for (int a = 0; a < AGENTS; a++) {
                agents.add(agent(broker, a));
            }
            long[] counts = publish(agents, qos, duration, progress);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (delivered.get() < counts[0] && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Histogram h = latency.getIntervalHistogram();
            return new QosRun(qos, counts[0], counts[1], delivered.get(), LatencySummary.of(h));
        } finally {
            for (LeanMqttDataTransport agent : agents) {
                agent.disconnect(0);
                agent.deactivate();
            }
            subscriber.disconnect().waitForCompletion(5_000);
            subscriber.close();
        }
    }

    /** Every agent publishes on its own fixed schedule, staggered; returns {sent, refused}. */
    private static long[] publish(List<LeanMqttDataTransport> agents, int qos, Duration duration,
            StepProgress progress) {
        long gap = 1_000_000_000L / RATE_PER_AGENT;
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long sent = 0;
        long refused = 0;
        for (long tick = start; tick < end; tick += gap / agents.size()) {
            long now;
            while ((now = System.nanoTime()) < tick) {
                LockSupport.parkNanos(tick - now);
            }
            int agent = (int) (((tick - start) / (gap / agents.size())) % agents.size());
            byte[] record = new RecordPayload(tick, qos, agent, (int) sent).encode(RECORD_BYTES);
            try {
                agents.get(agent).publish(TOPIC, record, qos, false);
                sent++;
            } catch (Exception refusedOrDown) {
                refused++;
            }
            progress.step();
        }
        return new long[] {sent, refused};
    }

    private static LeanMqttDataTransport agent(EmbeddedBroker broker, int index) throws Exception {
        LeanMqttDataTransport transport = new LeanMqttDataTransport();
        Map<String, Object> p = new HashMap<>();
        p.put("broker-url", broker.url());
        p.put("client-id", "seganet-agent-" + index + "-" + System.nanoTime());
        p.put("connect.auto-on-startup", false);
        transport.activate(p);
        // no listener: QoS 1 confirmations free the window by themselves
        transport.addDataTransportListener(new DataTransportListenerAdapter() { });
        transport.connect();
        return transport;
    }

    private static MqttAsyncClient subscriber(EmbeddedBroker broker, int qos, Recorder latency, AtomicLong delivered)
            throws Exception {
        MqttAsyncClient client = new MqttAsyncClient(broker.url().replace("mqtt://", "tcp://").replaceAll("/$", ""),
                "seganet-consumer-" + System.nanoTime(), new MemoryPersistence());
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                System.err.println("QoS consumer lost its connection: " + cause);
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                RecordPayload record = RecordPayload.decode(message.getPayload());
                if (record != null) {
                    latency.recordValue(Math.max(1, (System.nanoTime() - record.sentNanos()) / 1_000));
                    delivered.incrementAndGet();
                }
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
            }
        });
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        client.connect(options).waitForCompletion(10_000);
        client.subscribe(TOPIC, qos).waitForCompletion(10_000);
        return client;
    }
}
