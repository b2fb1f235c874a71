package io.coaptree.bench.seeds.coaptree;

import java.nio.file.Files;
import java.util.List;

import io.coaptree.bench.mqtt.MosquittoProcess;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.harness.broker.EmbeddedBroker;

/**
 * CoAPTree's first evaluation (docs/design.md, "How it is measured") and its ablations: 1000 request/response
 * exchanges between two gateways over MQTT, lean transport against a store-backed one (Kura's DataService: H2,
 * in-flight window 9) and Kryo against Java serialization, then growing exchange counts; 500 RD registrations one
 * link per POST against 20 links per POST, and the threads and heap the directory holds afterwards.
 * <p>
 * Settings: {@code exchanges} (1000), {@code growing} (comma-separated exchange counts; default 1000,2500,5000,10000,
 * 20000, quick 1000,5000), {@code cold.rounds} (fresh JVMs per variant for the cold comparison, median reported;
 * default 3, quick 1), {@code broker} ({@code embedded}: HiveMQ CE in this JVM, the default; {@code mosquitto}: a
 * Mosquitto process, which must be installed), {@code store.rate.limit} (the store-backed transport's publishing rate limit, see
 * {@link PublishRateLimit#parse}; default off).
 */
public final class SeedCoaptreeScenario implements Scenario {

    @Override
    public String name() {
        return "seed-coaptree";
    }

    @Override
    public String description() {
        return "CoAPTree's first evaluation and its ablations: request/response exchanges between two gateways over "
                + "an embedded MQTT broker (lean transport vs an H2 store-backed transport like Kura's DataService, "
                + "in-flight window 9 both; Kryo vs Java serialization), total time and failures, then growing "
                + "exchange counts; 500 RD registrations one link per POST vs 20 links per POST, and the threads and "
                + "heap after them.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        int exchanges = options.setting("exchanges", 1000);
        List<Integer> growing = counts(options.settings().getOrDefault("growing",
                options.quick() ? "1000,5000" : "1000,2500,5000,10000,20000"));
        // Kura's DataService limits publishing to 1 message a second by default (enable.rate.limit); off here unless
        // asked for (--set store.rate.limit=kura), as 1000 exchanges would then take over 1000 s per store-backed run
        PublishRateLimit storeLimit = PublishRateLimit.parse(options.settings().getOrDefault("store.rate.limit", "off"));
        // a cold run is one sample of a JVM's start racing the load; the quick run keeps one to stay within its time
        int coldRounds = options.setting("cold.rounds", options.quick() ? 1 : 3);
        String brokerKind = options.setting("broker", "embedded");
        try (Broker broker = openBroker(brokerKind)) {
            TransportAblation.run(context, broker.url(), exchanges, coldRounds, growing, storeLimit);
        }
        RdAggregation.run(context);
        context.note("Both gateways and the load share this JVM, " + (brokerKind.equals("mosquitto")
                ? "and a Mosquitto process (--set broker=mosquitto) the machine's 2 cores"
                : "the broker (embedded HiveMQ CE) and the machine's 2 cores") + "; the first evaluation used two Raspberry Pis and a broker. The store-backed transport is rebuilt in "
                + "the benchmarks module (io.coaptree.bench.seeds.coaptree.StoreBackedUplink), never shipped: every "
                + "message is inserted into an H2 file database, a publisher thread takes the oldest unpublished one "
                + "while fewer than 9 are unconfirmed and marks it published, then confirmed; store capacity 10000 "
                + "as Kura's default, confirmed messages are not purged within a run (Kura purges after 60 s, every "
                + "15 min). Kura's DataService also limits publishing (enable.rate.limit, by default 1 message a "
                + "second, burst 1); the store-backed transport here applies " + (storeLimit.on()
                        ? "the limit " + storeLimit.text() + " (messages a second / burst)"
                        : "no such limit (--set store.rate.limit=kura for Kura's default)") + ".");
    }

    /** The broker both gateways use, and what stops it. */
    private record Broker(String url, AutoCloseable running) implements AutoCloseable {
        @Override
        public void close() throws Exception {
            running.close();
        }
    }

    /** The embedded broker in this JVM (the default), or a Mosquitto process on the same machine. */
    private static Broker openBroker(String kind) throws Exception {
        return switch (kind) {
            case "embedded" -> {
                EmbeddedBroker embedded = new EmbeddedBroker(0);
                yield new Broker(embedded.url(), embedded);
            }
            case "mosquitto" -> {
                MosquittoProcess mosquitto = MosquittoProcess.start(
                        Files.createTempDirectory("seed-coaptree-mosquitto-"), "broker", List.of());
                yield new Broker(mosquitto.url(), mosquitto);
            }
            default -> throw new IllegalArgumentException("--set broker must be embedded or mosquitto: " + kind);
        };
    }

    private static List<Integer> counts(String csv) {
        return java.util.Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }
}
