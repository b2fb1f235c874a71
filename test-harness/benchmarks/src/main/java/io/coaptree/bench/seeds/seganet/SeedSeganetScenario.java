package io.coaptree.bench.seeds.seganet;

import java.time.Duration;

import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.records.RecordPipeline;

/**
 * SegaNet's gateway evaluation (seed 003), scaled to this machine: records from 1 to 256 devices to a consumer at
 * the root (p99, CPU user/system), DTLS overhead against record size, and MQTT QoS 0 against QoS 1.
 * <p>
 * Settings: {@code step.ms} (how long each device-count step sends: 10000; quick 2500).
 */
public final class SeedSeganetScenario implements Scenario {

    static final int MAX_DEVICES = 256;

    @Override
    public String name() {
        return "seed-seganet";
    }

    @Override
    public String description() {
        return "SegaNet's evaluation (seed 003): 1, 4, 16, 64 and 256 devices (each a CoAP client with its own UDP "
                + "port) each POSTing a 100-byte record every 100 ms to a group gateway of a 5-gateway tree; a "
                + "consumer at the root observes every device's resource through the tree (relayed Observe, QoS 1 "
                + "MQTT): p99 one-way latency and the gateways' CPU (user/system). Then DTLS (PSK, established "
                + "sessions) against plain CoAP for records of 100 B to 16 KiB with the same total bytes, and MQTT "
                + "QoS 0 against QoS 1 from 16 publishing agents (latency, delivery rate).";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        Duration step = Duration.ofMillis(context.options().setting("step.ms",
                context.options().quick() ? 2_500 : 10_000));
        try (RecordPipeline pipeline = RecordPipeline.start(context, "tree-5-gateways", MAX_DEVICES)) {
            context.note("Tree (broker + 5 gateways, one JVM -Xmx1g) booted in " + pipeline.bootSeconds() + " s.");
            SeganetLatency.run(context, pipeline, step);
        }
        DtlsRecordSizes.run(context);
        QosComparison.run(context, step);
        context.note("Scaled from the paper: each device sends for " + step.toMillis() / 1000.0 + " s (the paper: "
                + "3,000 records per device over 30 s on a Raspberry Pi 4 with TLS 1.3 agents); gateways, broker, "
                + "devices and consumer share this machine's 2 cores, so the gateways' CPU is that of the whole "
                + "tree JVM (5 gateways and the broker).");
    }
}
