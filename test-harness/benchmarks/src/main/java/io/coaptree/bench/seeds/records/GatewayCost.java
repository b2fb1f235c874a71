package io.coaptree.bench.seeds.records;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What carrying a step's records cost, from the tree target's counters file (written every 250 ms by the target,
 * read before and after the step): the MQTT PUBLISH packets the entry gateway made on its telemetry topic (the
 * broker's count), the CPU time of the threads named after the entry gateway, Californium's protocol and UDP
 * connector threads of the whole target beside them (they carry no gateway's name; in these steps only the entry
 * gateway receives CoAP requests), and the threads named after the root, which receives the records.
 */
public record GatewayCost(long records, long publishes, long gatewayCpuNanos, long sharedCoapCpuNanos,
        long rootCpuNanos, Map<String, Long> threadCpuNanos) {

    private static final String SHARED_PROTOCOL = "(all gateways) CoapTree#N";
    private static final String SHARED_UDP = "(all gateways) UDP-Receiver/Sender";

    /** A reading of the counters file. */
    public record Reading(Properties values) {

        static Reading of(Path file) throws IOException {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            }
            return new Reading(p);
        }

        long number(String key) {
            return Long.parseLong(values.getProperty(key, "0"));
        }

        /** The per-thread CPU of {@code gateway}, with the shared CoAP threads. */
        Map<String, Long> threads(String gateway) {
            String prefix = "cpu.thread." + gateway + ".";
            Map<String, Long> threads = new TreeMap<>();
            for (String key : values.stringPropertyNames()) {
                if (key.startsWith(prefix) && key.endsWith(".ns")) {
                    threads.put(key.substring(prefix.length(), key.length() - 3), number(key));
                }
            }
            threads.put(SHARED_PROTOCOL, number("cpu.coap-protocol.ns"));
            threads.put(SHARED_UDP, number("cpu.udp-connectors.ns"));
            return threads;
        }

        long sharedCoap() {
            return number("cpu.coap-protocol.ns") + number("cpu.udp-connectors.ns");
        }
    }

    /** The tree target's count of the embedded broker's faults (its {@code TargetCounters}). */
    private static final String BROKER_FAULTS = "broker.faults";

    /**
     * @throws IllegalStateException when the embedded broker saw faults during the step (it dropped messages): the
     *                               step measured a tree that lost messages, not the path
     */
    static GatewayCost between(Reading before, Reading after, String gateway, String root, long records) {
        long faults = after.number(BROKER_FAULTS) - before.number(BROKER_FAULTS);
        if (faults != 0) {
            throw new IllegalStateException("the embedded broker saw " + faults + " fault(s) during this step (it "
                    + "dropped messages; see the target's log): its figures are not a measurement; run it again");
        }
        Map<String, Long> threads = new TreeMap<>();
        Map<String, Long> earlier = before.threads(gateway);
        after.threads(gateway).forEach((name, ns) -> threads.put(name, ns - earlier.getOrDefault(name, 0L)));
        return new GatewayCost(records,
                after.number("publishes." + gateway + " telemetry") - before.number("publishes." + gateway
                        + " telemetry"),
                after.number("cpu." + gateway + ".ns") - before.number("cpu." + gateway + ".ns"),
                after.sharedCoap() - before.sharedCoap(),
                after.number("cpu." + root + ".ns") - before.number("cpu." + root + ".ns"), threads);
    }

    public double publishesPerRecord() {
        return records == 0 ? 0 : (double) publishes / records;
    }

    /** The entry gateway: its named threads and the shared CoAP threads, in microseconds per record. */
    public double cpuMicrosPerRecord() {
        return perRecord(gatewayCpuNanos + sharedCoapCpuNanos);
    }

    /** The entry gateway's named threads alone (telemetry, delivery, MQTT), in microseconds per record. */
    public double namedThreadsMicrosPerRecord() {
        return perRecord(gatewayCpuNanos);
    }

    /** The root's named threads (opening, unpacking and handing the records on), in microseconds per record. */
    public double rootMicrosPerRecord() {
        return perRecord(rootCpuNanos);
    }

    /** The entry gateway's kinds of threads with their CPU in microseconds per record, largest first. */
    public Map<String, Double> microsPerRecordByThread() {
        Map<String, Double> out = new LinkedHashMap<>();
        threadCpuNanos.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.put(e.getKey(), perRecord(e.getValue())));
        return out;
    }

    private double perRecord(long nanos) {
        return records == 0 ? 0 : nanos / 1e3 / records;
    }
}
