package io.coaptree.bench.seeds.seganet;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.records.RecordPipeline;

/**
 * SegaNet's gateway evaluation, scaled to this machine: records from 1 to 256 devices to a consumer at
 * the root over the telemetry uplink (p99, CPU user/system, MQTT publishes and entry-gateway CPU per record, with
 * adaptive batching on and off), DTLS overhead against record size, and MQTT QoS 0 against QoS 1.
 * <p>
 * Settings: {@code step.ms} (how long each device-count step sends: 10000; quick 2500); {@code batching}
 * ({@code both}, the default: one tree with batching on, then one with it off; or {@code true}, {@code false});
 * {@code parts} ({@code all}, or {@code records}: the record sweeps only).
 */
public final class SeedSeganetScenario implements Scenario {

    static final int MAX_DEVICES = 256;

    @Override
    public String name() {
        return "seed-seganet";
    }

    @Override
    public String description() {
        return "SegaNet's evaluation: 1, 4, 16, 64 and 256 devices (each a CoAP client with its own UDP "
                + "port) each POSTing a 100-byte record every 100 ms to a group gateway's /telemetry in a 5-gateway "
                + "tree; the telemetry uplink carries them up the tree over MQTT to the root, whose CloudPublisher "
                + "hands them to a consumer: p99 one-way latency, the tree's CPU (user/system), MQTT publishes and "
                + "entry-gateway CPU per record, with adaptive batching on and off. Then DTLS (PSK, established "
                + "sessions) against plain CoAP for records of 100 B to 16 KiB with the same total bytes, and MQTT "
                + "QoS 0 against QoS 1 from 16 publishing agents (latency, delivery rate).";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        Duration step = Duration.ofMillis(context.options().setting("step.ms",
                context.options().quick() ? 2_500 : 10_000));
        String batching = context.options().setting("batching", "both");
        List<Boolean> modes = batching.equals("both") ? List.of(true, false) : List.of(Boolean.parseBoolean(batching));
        Map<Boolean, SeganetLatency.Sweep> sweeps = new LinkedHashMap<>();
        for (boolean on : modes) {
            try (RecordPipeline pipeline = RecordPipeline.startTelemetry(context,
                    "tree-5-gateways-batching-" + (on ? "on" : "off"), MAX_DEVICES, on)) {
                context.note("Tree (broker + 5 gateways, one JVM -Xmx1g, batching " + (on ? "on" : "off")
                        + ") booted in " + pipeline.bootSeconds() + " s.");
                sweeps.put(on, SeganetLatency.run(context, pipeline, step, on));
            }
        }
        SeganetLatency.compare(context, sweeps);
        if (context.options().setting("parts", "all").equals("all")) {
            DtlsRecordSizes.run(context);
            QosComparison.run(context, step);
        }
        context.note("Scaled from the paper: each device sends for " + step.toMillis() / 1000.0 + " s (the paper: "
                + "3,000 records per device over 30 s on a Raspberry Pi 4 with TLS 1.3 agents); gateways, broker, "
                + "devices and consumer share this machine's 2 cores. MQTT publishes per record: the broker's count of "
                + "PUBLISH packets from the entry gateway (gB1) on its telemetry topic over the records it took in. "
                + "Entry gateway CPU per record: the CPU time of the tree JVM's threads named after gB1 (its delivery "
                + "threads, its Paho threads) plus Californium's protocol threads CoapTree#n and UDP connector threads "
                + "of the whole JVM (they carry no gateway's name; only gB1 receives CoAP requests in the measured "
                + "steps; the probed 256-device step is reported apart), read from the JVM's ThreadMXBean before and "
                + "after each step. Root CPU per record: the threads named after the root (opening and unpacking "
                + "what gB1 sent, handing each record to the CloudPublisher). The batching CPU goal is read on the two "
                + "together, the gateways each record crosses. At 1 to 16 devices the figures are dominated by what "
                + "the threads do whatever the load (heartbeats, polls), divided by few records.");
    }
}
