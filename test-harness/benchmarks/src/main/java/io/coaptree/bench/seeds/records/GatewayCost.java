package io.coaptree.bench.seeds.records;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What carrying a step's records cost the gateway they entered the tree at, from the tree target's counters file
 * (written every 250 ms by the target, read before and after the step): the MQTT PUBLISH packets that gateway made
 * on its telemetry topic (the broker's count), and the CPU time of the threads attributed to it, with Californium's
 * protocol threads of the whole target beside it (they carry no gateway's name; in these steps only the entry
 * gateway receives CoAP requests).
 */
public record GatewayCost(long records, long publishes, long gatewayCpuNanos, long coapProtocolCpuNanos) {

    /** A reading of the counters file. */
    public record Reading(long publishes, long gatewayCpuNanos, long coapProtocolCpuNanos) {

        static Reading of(Path file, String gateway) throws IOException {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(file)) {
                p.load(r);
            }
            return new Reading(number(p, "publishes." + gateway + " telemetry"),
                    number(p, "cpu." + gateway + ".ns"), number(p, "cpu.coap-protocol.ns"));
        }

        private static long number(Properties p, String key) {
            return Long.parseLong(p.getProperty(key, "0"));
        }
    }

    static GatewayCost between(Reading before, Reading after, long records) {
        return new GatewayCost(records, after.publishes() - before.publishes(),
                after.gatewayCpuNanos() - before.gatewayCpuNanos(),
                after.coapProtocolCpuNanos() - before.coapProtocolCpuNanos());
    }

    public double publishesPerRecord() {
        return records == 0 ? 0 : (double) publishes / records;
    }

    /** The gateway's own threads and the CoAP protocol threads, in microseconds per record. */
    public double cpuMicrosPerRecord() {
        return records == 0 ? 0 : (gatewayCpuNanos + coapProtocolCpuNanos) / 1e3 / records;
    }

    /** The gateway's named threads alone (telemetry, delivery, MQTT, UDP), in microseconds per record. */
    public double namedThreadsMicrosPerRecord() {
        return records == 0 ? 0 : gatewayCpuNanos / 1e3 / records;
    }
}
